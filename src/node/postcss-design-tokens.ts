import type { PluginCreator } from "postcss";
import { tokensRule } from "../lib/design-tokens";

// global.css says `@design-tokens;` where the design system's custom properties go: this PostCSS plugin writes
// them there from src/lib/design-tokens.ts, the values the functions' own pages take too.
export const postcssDesignTokens: PluginCreator<void> = () => ({
  postcssPlugin: "tidewell-design-tokens",
  AtRule: {
    "design-tokens"(rule, { parse }) {
      rule.replaceWith(parse(tokensRule()).nodes);
    },
  },
});
postcssDesignTokens.postcss = true;
