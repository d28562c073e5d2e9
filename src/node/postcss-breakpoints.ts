import type { PluginCreator } from "postcss";
import { DESKTOP_MIN_WIDTH_PX } from "../lib/constants";

// CSS media queries cannot read a variable, so stylesheets write `@media (--desktop)` or `@media (--mobile)`
// and this PostCSS plugin puts in the one breakpoint of src/lib/constants.ts (spec §9: 1024 px).
export const breakpointQueries: Record<string, string> = {
  "(--desktop)": `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`,
  "(--mobile)": `(max-width: ${DESKTOP_MIN_WIDTH_PX - 0.02}px)`,
};

export const postcssBreakpoints: PluginCreator<void> = () => ({
  postcssPlugin: "tidewell-breakpoints",
  AtRule: {
    media(rule) {
      for (const [name, query] of Object.entries(breakpointQueries)) rule.params = rule.params.split(name).join(query);
    },
  },
});
postcssBreakpoints.postcss = true;
