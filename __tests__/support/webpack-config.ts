import { onCreateWebpackConfig } from "../../src/node/webpack-config";

/**
 * Calls the site's onCreateWebpackConfig for a stage as Gatsby would, for a site in /site whose webpack
 * configuration is `config`; returns the actions it was given, to read what it replaced or set.
 */
export function runOnCreateWebpackConfig(stage: string, config: object) {
  const actions = { setWebpackConfig: jest.fn(), replaceWebpackConfig: jest.fn() };
  const store = { getState: () => ({ program: { directory: "/site" } }) };
  (onCreateWebpackConfig as unknown as (args: unknown) => void)({ stage, actions, getConfig: () => config, store });
  return actions;
}
