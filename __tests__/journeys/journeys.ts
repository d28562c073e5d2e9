import { DIALOGS } from "./journeys-dialogs";
import { EDITOR } from "./journeys-editor";
import { FORMS } from "./journeys-forms";
import { MENUS } from "./journeys-menus";
import { PAGE } from "./journeys-page";
import type { Journey } from "./steps";

// The visitor journeys, declared once and run by every engine (run.ts): Chromium, Firefox ESR and WebKitGTK. They
// touch only the Driver (driver.ts), so what differs between engines is in the engines' drivers, and what a journey
// checks is what a visitor sees. Every journey also fails on any page error (page-hook.js), checked by run.ts.

export type { Journey };

export const JOURNEYS: Journey[] = [...MENUS, ...FORMS, ...DIALOGS, ...PAGE, ...EDITOR];
