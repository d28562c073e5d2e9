import React from "react";
import { block } from "../../lib/blocks";
import { splitByDate } from "../../lib/dates";
import { DatedList, type DatedItem } from "./dated-list";
import { PageHero } from "./page-hero";
import { Prose } from "./prose";
import { Section } from "./section";

interface Props {
  page: Queries.PageFieldsFragment;
  items: readonly DatedItem[];
  /** the build's time: what is upcoming and what is past is decided at build */
  builtAt: string;
  about: string;
  empty: { upcoming: string; past: string };
  heroTone?: "light";
}

/** /events and /webinar: the page's words, then what is upcoming and what is past. */
export function DatedPage({ page, items, builtAt, about, empty, heroTone }: Props) {
  const section = (id: string) => block(page.blocks, id, page.path);
  const { upcoming, past } = splitByDate(items, new Date(builtAt));
  return (
    <>
      <PageHero title={page.title} lead={page.lead} tone={heroTone} />
      <Section heading={about}>
        <Prose html={page.html} />
      </Section>
      <Section id="upcoming" heading={section("upcoming").heading} intro={section("upcoming").text} tone="alt">
        <DatedList items={upcoming} empty={empty.upcoming} />
      </Section>
      <Section id="past" heading={section("past").heading} intro={section("past").text}>
        <DatedList items={past} empty={empty.past} />
      </Section>
    </>
  );
}
