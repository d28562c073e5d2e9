// The types of browsers.mjs, for the TypeScript that imports it (__tests__/journeys/).
export type EngineId = "chromium" | "firefox" | "webkit";
export const ENGINES: Record<
  EngineId,
  { name: string; env?: string; commands: string[]; needs?: string[]; packages: string[] }
>;
export function onPath(command: string): string | null;
export function locate(id: EngineId): string | null;
export function installCommand(id: EngineId): string;
export function ensure(id: EngineId): { path: string } | { missing: string };
