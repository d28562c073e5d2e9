import React, { useCallback, useContext, useEffect, useRef, useState } from "react";
import { withSignals, SIGNAL_FIELDS } from "../../lib/form-signals";
import { ShownSince } from "../islands/shown-since";

/**
 * What a form sends for the endpoint's spam checks (src/lib/form-signals.ts): how long it was shown before it
 * was sent (from the page's first paint for a form hydrated from the server's HTML, islands/shown-since.ts), and its
 * honeypot, a field inside `hidden` that neither people nor assistive technology meet, which
 * bots that fill every input do fill.
 */
export function useFormSignals() {
  const since = useContext(ShownSince);
  const shownAt = useRef(0);
  const [honeypot, setHoneypot] = useState("");
  useEffect(() => {
    shownAt.current = since ?? performance.now();
  }, [since]);
  const sign = useCallback(
    <T extends object>(body: T, captcha?: string) =>
      withSignals(body, { shownAt: shownAt.current, now: performance.now(), honeypot, captcha }),
    [honeypot],
  );
  const field = (
    <div hidden>
      <label>
        Leave this empty
        <input
          name={SIGNAL_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </label>
    </div>
  );
  return { field, sign };
}
