import React, { Suspense, useEffect, useState } from "react";
import * as styles from "./fields.module.css";

// react-google-recaptcha and Google's script load only when a form that needs them is in use.
const ReCAPTCHA = React.lazy(() => import("react-google-recaptcha"));

interface Props {
  siteKey: string;
  active: boolean;
  onChange: (token: string | null) => void;
  onFailed: () => void;
  /** keep the box's height before it is active too (a form in a card); a one-line form makes room only once asked */
  reserve?: boolean;
}

/** reCAPTCHA v2; its box keeps its height before it loads, so nothing moves when it appears. */
export function Captcha({ siteKey, active, onChange, onFailed, reserve = true }: Props) {
  // made in the browser only: it cannot run without script, and one in the server's HTML (the contact modal's is,
  // modals/contact-dialog.tsx) would wait for its code in a boundary that any typing throws away (React error #421)
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  return (
    <div className={reserve || active ? styles.captcha : undefined}>
      {active && inBrowser && (
        <Suspense fallback={null}>
          <ReCAPTCHA
            sitekey={siteKey}
            onChange={onChange}
            onExpired={() => onChange(null)}
            onErrored={onFailed}
            asyncScriptOnLoad={() => {
              const loaded = (window as unknown as { grecaptcha?: unknown }).grecaptcha;
              if (!loaded) onFailed();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
