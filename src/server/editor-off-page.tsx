import React from "react";
import { PageShell, pageHeaders, renderPage } from "./page-shell";
import { htmlAnswer } from "./security-headers";

// What /admin/ answers on `npm run serve` when the editor's local backend is off (editor-guard.ts's backendOff): the
// reason, in the functions' one page shell, readable without script, instead of an editor that could save nothing.

/** The addresses of the editor's page (Netlify serves the folder's index at all three). */
export const EDITOR_PAGES = ["/admin", "/admin/", "/admin/index.html"];

export const editorOffPage = (reason: string): Response =>
  htmlAnswer(
    503,
    renderPage(
      <PageShell title="The editor is off" home="/">
        <h1>The editor is off</h1>
        <p>{reason}</p>
      </PageShell>,
    ),
    pageHeaders("no-referrer"),
  );
