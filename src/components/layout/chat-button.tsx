import React from "react";
import { WhatsApp } from "../icons/icons";
import * as styles from "./chat-button.module.css";

/** The floating chat-on-messaging-app button on every page (spec §1): a plain link, no script. */
export function ChatButton({ url, label }: { url: string; label: string }) {
  return (
    <a className={styles.chat} href={url} target="_blank" rel="noopener" aria-label={label} data-above-consent="">
      <WhatsApp size={30} />
    </a>
  );
}
