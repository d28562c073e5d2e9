import React from "react";
import { HiddenFields, PageShell, renderPage } from "./page-shell";
import type { LinkParams } from "./signed-links";

// The pages of a subscriber's links (src/server/subscription.ts): a title, a sentence and, to act, one button, in
// the functions' one page shell.

/** The button of a page: a form posting the link's own parameters back to `action`. */
export interface SubscriptionButton {
  action: string;
  params: LinkParams;
  label: string;
}

export function subscriptionPage(title: string, text: string, button?: SubscriptionButton): string {
  return renderPage(
    <PageShell title={title}>
      <h1>{title}</h1>
      <p>{text}</p>
      {button ? (
        <form method="post" action={button.action}>
          <HiddenFields values={{ ...button.params }} />
          <button type="submit">{button.label}</button>
        </form>
      ) : null}
    </PageShell>,
  );
}
