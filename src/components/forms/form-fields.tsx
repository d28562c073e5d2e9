import React from "react";
import { visibleFields, type FormDeclaration, type FormField, type FormFile } from "../../lib/forms";

// The fields of a form as its declaration says (src/lib/forms.ts): each labelled, with its limit, its type, its
// placeholder and its error beside it. The site's forms draw them (lead-form.tsx, and the newsletter's one-line form,
// newsletter-form.tsx, with its button beside its field) and so does the page that answers a form sent without
// script (src/server/form-pages.tsx), which is why nothing here imports Gatsby or a stylesheet: the class names come
// in `classes`, the phone's control in `phone`.

/** The class of each part; the site passes its CSS module, the function's page its own names. */
export type FieldClasses = Partial<
  Record<
    "field" | "label" | "optional" | "input" | "textarea" | "error" | "hint" | "file" | "row" | "choices" | "choice",
    string
  >
>;

/** What a phone control is given: the site's has a country list, the no-script page's a dial code field. */
export interface PhoneControl {
  id: string;
  field: FormField;
  value: string;
  error?: string;
  onChange?: (value: string) => void;
  /** the paragraph that says what is wrong with it, above the form (see Props.problem) */
  problemId?: string;
}

interface Props {
  form: FormDeclaration;
  /** each field's id is `${id}-${name}` */
  id: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
  classes: FieldClasses;
  /** each field's change; none on a page without script, whose fields the browser keeps */
  onChange?: (name: string) => (value: string) => void;
  phone: (control: PhoneControl) => React.ReactNode;
  /**
   * The field to fix, on a page that says its problem above the form (the no-script answer): marked invalid,
   * described by that paragraph (`id`) and focused when the page opens.
   */
  problem?: { field: string; id: string };
  /**
   * What sits beside the last field, in one row (`classes.row`) with its control: the newsletter's button. That
   * field's error then keeps its room while there is none, and is said at once when it comes.
   */
  beside?: React.ReactNode;
}

export function FormFields({ form, id, values, errors, classes, onChange, phone, problem, beside }: Props) {
  const fields = visibleFields(form);
  return (
    <>
      {fields.map((field, index) =>
        field.control === "choice" || field.control === "choices" ? (
          <ChoiceField
            key={field.name}
            id={`${id}-${field.name}`}
            field={field}
            classes={classes}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            onChange={onChange?.(field.name)}
            problemId={problem?.field === field.name ? problem.id : undefined}
          />
        ) : field.control === "phone" ? (
          <React.Fragment key={field.name}>
            {phone({
              id: `${id}-${field.name}`,
              field,
              value: values[field.name] ?? "",
              error: errors[field.name],
              onChange: onChange?.(field.name),
              problemId: problem?.field === field.name ? problem.id : undefined,
            })}
          </React.Fragment>
        ) : (
          <TextField
            key={field.name}
            id={`${id}-${field.name}`}
            field={field}
            classes={classes}
            value={values[field.name] ?? ""}
            error={errors[field.name]}
            onChange={onChange?.(field.name)}
            problemId={problem?.field === field.name ? problem.id : undefined}
            beside={index === fields.length - 1 ? beside : undefined}
          />
        ),
      )}
    </>
  );
}

/** A control's value: controlled while script runs; given as it was typed where the browser keeps it. */
export const valueProps = (value: string, onChange?: (value: string) => void) =>
  onChange
    ? {
        value,
        onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
      }
    : { defaultValue: value };

/**
 * What ties a field to its error for assistive technology: the error beside it, or the problem said above the form
 * (`problemId`), which also focuses it; `described`: what else describes it (a hint).
 */
export const errorProps = (
  id: string,
  error: string | undefined,
  { described = [], problemId }: { described?: string[]; problemId?: string } = {},
) => {
  const ids = [...(problemId ? [problemId] : []), ...described, ...(error ? [`${id}-error`] : [])];
  const invalid = Boolean(error || problemId);
  return {
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
    ...(problemId ? { autoFocus: true } : {}),
  };
};

/** A field's error, said next to it. */
export const FieldError = ({
  id,
  error,
  classes,
  alert,
  kept,
}: {
  id: string;
  error?: string;
  classes: FieldClasses;
  /** said at once: an error that comes after a send, not as the field is typed */
  alert?: boolean;
  /** there while empty too, keeping its room: an alert then, so that what comes into it is said */
  kept?: boolean;
}) =>
  error || kept ? (
    <p id={`${id}-error`} className={classes.error} role={alert || kept ? "alert" : undefined}>
      {error}
    </p>
  ) : null;

/** "(optional)" after the label of a field that is not required. */
export const Optional = ({ field, classes }: { field: { required: boolean }; classes: FieldClasses }) =>
  field.required ? null : (
    <>
      {" "}
      <span className={classes.optional}>(optional)</span>
    </>
  );

/** A labelled text field whose error is said next to it and tied to it for assistive technology. */
function TextField({
  id,
  field,
  classes,
  value,
  error,
  onChange,
  problemId,
  beside,
}: {
  id: string;
  field: FormField;
  classes: FieldClasses;
  value: string;
  error?: string;
  onChange?: (value: string) => void;
  problemId?: string;
  /** what sits in one row with the control (Props.beside) */
  beside?: React.ReactNode;
}) {
  const shared = {
    id,
    name: field.name,
    maxLength: field.max,
    ...errorProps(id, error, { problemId }),
    ...valueProps(value, onChange),
  };
  const control =
    field.control === "textarea" ? (
      <textarea {...shared} className={classes.textarea} rows={5} placeholder={field.placeholder} />
    ) : (
      <input
        {...shared}
        className={classes.input}
        type={field.control}
        inputMode={field.control === "email" ? "email" : field.control === "url" ? "url" : undefined}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
      />
    );
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {field.label}
        <Optional field={field} classes={classes} />
      </label>
      {beside ? (
        <div className={classes.row}>
          {control}
          {beside}
        </div>
      ) : (
        control
      )}
      <FieldError id={id} error={error} classes={classes} kept={Boolean(beside)} />
    </div>
  );
}

/** The choices of a value that holds several, a line each (src/lib/campaign-form.ts). */
const chosenOf = (value: string): string[] => value.split("\n").filter(Boolean);

/**
 * A question answered by choosing: one (radio buttons) or several (check boxes), in a fieldset named by the
 * question. Several choices are posted as the same name once each, and held as one value, a line a choice.
 */
function ChoiceField({
  id,
  field,
  classes,
  value,
  error,
  onChange,
  problemId,
}: {
  id: string;
  field: FormField;
  classes: FieldClasses;
  value: string;
  error?: string;
  onChange?: (value: string) => void;
  problemId?: string;
}) {
  const several = field.control === "choices";
  const chosen = chosenOf(value);
  const toggle = (choice: string, on: boolean) =>
    several ? (field.choices ?? []).filter((c) => (c === choice ? on : chosen.includes(c))).join("\n") : choice;
  const described = errorProps(id, error, { problemId });
  return (
    <fieldset
      className={classes.field}
      aria-describedby={described["aria-describedby"]}
      aria-invalid={described["aria-invalid"]}
    >
      <legend className={classes.label}>
        {field.label}
        <Optional field={field} classes={classes} />
      </legend>
      <div className={classes.choices}>
        {(field.choices ?? []).map((choice, index) => (
          <label key={choice} className={classes.choice}>
            <input
              type={several ? "checkbox" : "radio"}
              name={field.name}
              value={choice}
              {...(index === 0 && problemId ? { autoFocus: true, id } : index === 0 ? { id } : {})}
              {...(onChange
                ? { checked: chosen.includes(choice), onChange: (e) => onChange(toggle(choice, e.target.checked)) }
                : { defaultChecked: chosen.includes(choice) })}
            />{" "}
            {choice}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} classes={classes} />
    </fieldset>
  );
}

/**
 * A phone number's control, typed on a number pad: its `max` leaves room for the spaces, dashes and "+" a visitor
 * without script may type (the endpoint leaves them out, src/lib/form-post.ts).
 */
export const phoneInputProps = (field: FormField) =>
  ({
    name: field.name,
    type: "tel",
    inputMode: "numeric",
    autoComplete: "tel-national",
    maxLength: field.max,
  }) as const;

/**
 * The file a form sends (the job application's CV), its kinds and limit under the label, its error next to it.
 * `note`: what else to say under the label (the no-script page: a browser cannot keep a chosen file).
 */
export function FileField({
  id,
  file,
  classes,
  error,
  note,
  onChoose,
  problemId,
}: {
  id: string;
  file: FormFile;
  classes: FieldClasses;
  error?: string | null;
  note?: string;
  onChoose?: (chosen: File | null) => void;
  /** the paragraph that says what is wrong with it, above the form */
  problemId?: string;
}) {
  return (
    <div className={classes.field}>
      <label className={classes.label} htmlFor={id}>
        {file.label}
      </label>
      <p className={classes.hint} id={`${id}-hint`}>
        {file.hint}
        {note && (
          <>
            <br />
            {note}
          </>
        )}
      </p>
      <input
        id={id}
        name={file.name}
        className={classes.file}
        type="file"
        accept={file.accept}
        {...errorProps(id, error ?? undefined, { described: [`${id}-hint`], problemId })}
        onChange={onChoose && ((event) => onChoose(event.target.files?.[0] ?? null))}
      />
      <FieldError id={id} error={error ?? undefined} classes={classes} alert />
    </div>
  );
}
