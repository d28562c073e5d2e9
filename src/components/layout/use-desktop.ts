import { useEffect, useState } from "react";
import { DESKTOP_MEDIA_QUERY } from "../../lib/constants";

/** Whether the viewport is at least the desktop breakpoint; false in the static render (mobile first). */
export function useDesktop(): boolean {
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_MEDIA_QUERY);
    const update = () => setDesktop(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return desktop;
}
