// A webinar in the editor, drawn by its template (src/templates/webinar.tsx), its time in its own zone as the
// build writes it.
import React from "react";
import WebinarTemplate from "../../templates/webinar";
import { formatDateTime } from "../../lib/zoned-date-time";
import { entryOf, pageProps, rendered, type PreviewProps } from "./page-props";

interface Webinar {
  title?: string;
  date?: string;
  timezone?: string;
  duration?: number;
  description?: string;
  summary?: string;
  speakers?: { name: string; role: string }[];
  agenda?: string[];
}

function when(date: string, timeZone: string): string {
  try {
    return formatDateTime(date, timeZone);
  } catch {
    return date;
  }
}

export function WebinarPreview(props: PreviewProps) {
  const { fields, body, slug } = entryOf<Webinar>(props);
  const path = `/webinar/${slug}`;
  const date = String(fields.date ?? "");
  const webinar = {
    title: fields.title ?? "",
    description: fields.description ?? "",
    summary: fields.summary ?? "",
    path,
    date,
    when: when(date, fields.timezone ?? "UTC"),
    duration: Number(fields.duration ?? 0),
    speakers: fields.speakers ?? [],
    agenda: fields.agenda ?? [],
    html: rendered(body).html,
  };
  return <WebinarTemplate {...pageProps(path, { webinar })} />;
}
