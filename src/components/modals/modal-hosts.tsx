import React, { Suspense } from "react";
import { ContactDialog } from "./contact-dialog";
import { useVisitorActions } from "./visitor-actions";

// The dialogs' code loads only when first needed; the contact modal's HTML is on every page (contact-dialog.tsx).
const WelcomePopup = React.lazy(() => import("./welcome-popup"));
const SearchDialog = React.lazy(() => import(/* webpackChunkName: "search-dialog" */ "../search/search-dialog"));

export function ModalHosts() {
  const { welcomeOpen, searchOpen } = useVisitorActions();
  return (
    <>
      <ContactDialog />
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchDialog />
        </Suspense>
      )}
      {welcomeOpen && (
        <Suspense fallback={null}>
          <WelcomePopup />
        </Suspense>
      )}
    </>
  );
}
