import React, { memo, startTransition, useCallback, useEffect, useId, useRef, useState } from "react";
import { TYPEAHEAD_RESET_MS } from "../../lib/constants";
import { countryLabel, type Country } from "../../lib/countries";
import { emptyTypeahead, findTypeaheadMatch, isTypeaheadKey, typeaheadPush } from "../../lib/typeahead";
import * as styles from "./fields.module.css";
import { whenIdle } from "../../lib/idle";

// the ~230 countries (about 3.6 KB gzip) load in idle time, not with the page: a form shows its country (India by
// default) before that, and a list opened sooner shows as soon as they are here
let loading: Promise<readonly Country[]> | null = null;
const loadCountries = () =>
  (loading ??= import(/* webpackChunkName: "countries" */ "../../../content/countries.json").then(
    (m) => (m.default ?? m) as readonly Country[],
  ));

interface Props {
  value: Country;
  onChange: (country: Country) => void;
  labelId: string;
}

/** The phone's country: a select-only combobox with a listbox and type-ahead (WAI-ARIA APG pattern). */
export function CountrySelect({ value, onChange, labelId }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<readonly Country[]>([value]);
  const names = list.map((c) => c.name);
  const [active, setActive] = useState(0);
  const typeahead = useRef(emptyTypeahead);
  const listbox = useRef<HTMLUListElement>(null);
  const selectedIndex = list.findIndex((c) => c.shortName === value.shortName);
  // the ~230 options are made while the page is idle, inside the hidden list, so that opening it only shows them
  // (input to next paint at 4× CPU: README, performance); a list opened before that makes them at once
  const [made, setMade] = useState(false);

  useEffect(
    () =>
      whenIdle(() => {
        void loadCountries().then((all) => startTransition(() => (setList(all), setMade(true))));
      }),
    [],
  );
  // a list opened before idle time asks for the countries at once
  useEffect(() => {
    if (open && list.length === 1) void loadCountries().then((all) => setList(all));
  }, [open, list.length]);

  useEffect(() => {
    if (!open) return;
    listbox.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  const choose = useCallback(
    (index: number) => {
      if (list[index]) onChange(list[index]);
      setOpen(false);
    },
    [onChange, list],
  );

  const show = (index: number) => {
    setActive(Math.max(0, Math.min(list.length - 1, index)));
    setOpen(true);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const from = open ? active : selectedIndex;
    if (isTypeaheadKey(event) && !(event.key === " " && typeahead.current.buffer === "")) {
      typeahead.current = typeaheadPush(typeahead.current, event.key, Date.now(), TYPEAHEAD_RESET_MS);
      const match = findTypeaheadMatch(names, from, typeahead.current.buffer);
      if (match >= 0) show(match);
      event.preventDefault();
      return;
    }
    const moves: Record<string, () => void> = {
      ArrowDown: () => (open ? show(active + 1) : show(from)),
      ArrowUp: () => (open ? show(active - 1) : show(from)),
      Home: () => show(0),
      End: () => show(list.length - 1),
      PageDown: () => show(from + 10),
      PageUp: () => show(from - 10),
      Enter: () => (open ? choose(active) : show(from)),
      " ": () => (open ? choose(active) : show(from)),
      Escape: () => setOpen(false),
    };
    if (event.key === "Tab") {
      if (open) choose(active);
      return;
    }
    const move = moves[event.key];
    if (!move || (event.key === "Escape" && !open)) return;
    event.preventDefault();
    if (event.key === "Escape") event.stopPropagation();
    move();
  };

  return (
    <div className={styles.countryWrap}>
      <div
        role="combobox"
        tabIndex={0}
        className={styles.country}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open ? `${id}-${active}` : undefined}
        onClick={() => (open ? setOpen(false) : show(selectedIndex))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span aria-hidden="true">{value.flag}</span>
        <span>+{value.code}</span>
        <span className="visually-hidden">{value.name}</span>
      </div>
      <ul
        ref={listbox}
        id={`${id}-list`}
        role="listbox"
        aria-labelledby={labelId}
        className={styles.countryList}
        hidden={!open}
        tabIndex={-1}
      >
        {(open || made) &&
          list.map((country, index) => (
            <CountryOption
              key={country.shortName}
              id={`${id}-${index}`}
              index={index}
              country={country}
              selected={index === selectedIndex}
              active={index === active}
              onChoose={choose}
            />
          ))}
      </ul>
    </div>
  );
}

/** One option; only the options whose state changed are rendered again when the list opens or moves. */
const CountryOption = memo(function CountryOption({
  id,
  index,
  country,
  selected,
  active,
  onChoose,
}: {
  id: string;
  index: number;
  country: Country;
  selected: boolean;
  active: boolean;
  onChoose: (index: number) => void;
}) {
  return (
    // keys reach the options through the combobox (aria-activedescendant), so clicks suffice here
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <li
      id={id}
      data-index={index}
      role="option"
      aria-selected={selected}
      className={active ? styles.activeOption : styles.option}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(index)}
    >
      <span aria-hidden="true">{country.flag}</span> {countryLabel(country)}
    </li>
  );
});
