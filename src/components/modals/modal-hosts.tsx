import React, { Suspense } from "react";
import { useVisitorActions } from "./visitor-actions";

// The dialogs' code loads only when first needed.
const ContactModal = React.lazy(() => import("./contact-modal"));
const WelcomePopup = React.lazy(() => import("./welcome-popup"));
const SearchDialog = React.lazy(() => import(/* webpackChunkName: "search-dialog" */ "../search/search-dialog"));

export function ModalHosts() {
  const { contactRequests, welcomeOpen, searchOpen } = useVisitorActions();
  return (
    <>
      {contactRequests > 0 && (
        <Suspense fallback={null}>
          <ContactModal request={contactRequests} />
        </Suspense>
      )}
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
