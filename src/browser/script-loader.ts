// Third-party scripts and stylesheets load once, when first needed; a failure rejects so callers can fall back.

const loading = new Map<string, Promise<void>>();

function load(key: string, create: () => HTMLScriptElement | HTMLLinkElement): Promise<void> {
  const known = loading.get(key);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const element = create();
    element.addEventListener("load", () => resolve());
    element.addEventListener("error", () => {
      loading.delete(key);
      element.remove();
      reject(new Error(`Could not load ${key}`));
    });
    document.head.appendChild(element);
  });
  loading.set(key, promise);
  return promise;
}

export const loadScript = (src: string): Promise<void> =>
  load(src, () => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    return script;
  });

export const loadStylesheet = (href: string): Promise<void> =>
  load(href, () => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    return link;
  });
