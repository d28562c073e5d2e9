import React, { useEffect, useRef, useState } from "react";
import type { IGatsbyImageData } from "gatsby-plugin-image";
import { LAZY_IMAGE_MARGIN_PX } from "../../lib/constants";
import { ResponsiveImage } from "./responsive-image";

interface Props {
  image: IGatsbyImageData;
  alt: string;
  className?: string;
}

/**
 * An image below the fold that starts loading when it comes within 200 px of the viewport (spec §9).
 * The browser's own lazy loading starts far earlier; until then a box of the image's shape holds its place,
 * so nothing moves, and a <noscript> copy serves visitors and crawlers without script.
 */
export function LazyImage({ image, alt, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    if (!("IntersectionObserver" in window)) return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (near) return <ResponsiveImage image={image} alt={alt} className={className} />;
  const fallback = image.images.fallback;
  return (
    <div
      ref={box}
      className={className}
      style={{ aspectRatio: `${image.width} / ${image.height}`, backgroundColor: image.backgroundColor }}
      data-lazy-image=""
    >
      {fallback?.src && (
        <noscript>
          <img
            src={fallback.src}
            srcSet={fallback.srcSet}
            sizes={fallback.sizes}
            alt={alt}
            width={image.width}
            height={image.height}
            style={{ width: "100%", height: "auto" }}
          />
        </noscript>
      )}
    </div>
  );
}
