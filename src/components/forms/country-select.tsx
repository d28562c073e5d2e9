import React, { memo, startTransition, useCallback, useEffect, useId, useRef, useState } from "react";
import { TYPEAHEAD_RESET_MS } from "../../lib/constants";
import { countryLabel, type Country } from "../../lib/countries";
import { emptyTypeahead, findTypeaheadMatch, isTypeaheadKey, typeaheadPush } from "../../lib/typeahead";
import * as styles from "./fields.module.css";
import { whenIdle } from "../../browser/idle";

// The ~230 countries (about 3.6 KB gzip) load when a visitor starts on a form that has the list (its first focus:
// preloadCountries), not with the page, which most visitors only read: a form shows its country (India by default)
// until then, and a list opened sooner shows as soon as they are here.
let loading: Promise<readonly Country[]> | null = null;
let wanted: () => void = () => undefined;
const requested = new Promise<void>((resolve) => (wanted = resolve));
export const preloadCountries = () => wanted();
const loadCountries = () =>
  (loading ??= requested.then(() =>
    import(/* webpackChunkName: "countries" */ "../../../content/countries.json").then(
      (m) => (m.default ?? m) as readonly Country[],
    ),
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

  // once asked for, the options are made in idle time, inside the hidden list
  useEffect(() => {
    let cancel: () => void = () => undefined;
    let gone = false;
    void loadCountries().then((all) => {
      if (gone) return;
      setList(all);
      cancel = whenIdle(() => startTransition(() => setMade(true)));
    });
    return () => {
      gone = true;
      cancel();
    };
  }, []);
  const waiting = useRef<string[]>([]);
  useEffect(() => {
    const key = list.length > 1 ? waiting.current.shift() : undefined;
    if (key) onKeyDown({ key, preventDefault() {}, stopPropagation() {} } as React.KeyboardEvent);
  });
  // a list opened before anything asked for the countries asks now
  useEffect(() => {
    if (open) preloadCountries();
  }, [open]);

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
    // keys that arrive before the countries do wait for them, and are then played in order, one a render
    if (list.length === 1 && event.key !== "Tab" && event.key !== "Escape") {
      event.preventDefault();
      waiting.current.push(event.key);
      preloadCountries();
      return;
    }
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
