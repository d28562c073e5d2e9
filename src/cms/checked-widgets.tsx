// Decap's own widgets for a single value (a line, a paragraph, a number, a choice, a date, a picture), each holding
// its value to the content model's rule for the field, in the words the build would stop with: a field's `rule`
// (collections.ts) names it. Decap asks a control's `isValid()` when the author leaves the field and before a save,
// and shows the answer beside the field (https://decapcms.org/docs/custom-widgets/#control-component). Decap's own
// check that a required field is given comes first; the length of a list is the list widget's `min` and `max`.
import React from "react";
import type CMS from "decap-cms-app";
import { fieldProblem } from "../lib/content-fields";
import type { Rules } from "./collections";

/** The widgets the collections give a single value (collections.ts). */
export const CHECKED_WIDGETS = ["string", "text", "number", "boolean", "select", "datetime", "image"] as const;

interface ControlProps {
  value: unknown;
  field: { get(key: string): unknown };
}
type Validity = boolean | { error: false | { type: string; message: string } } | Promise<unknown>;
interface Control {
  isValid?: () => Validity;
  getValidateValue?: () => unknown;
  focus?: (path?: string) => void;
  shouldComponentUpdate?: (next: ControlProps, state: unknown, context: unknown) => boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

/** `Base`, Decap's control for a widget, answering `isValid()` with the field's rule too. */
export function checked(Base: React.ComponentType<ControlProps>, rules: Rules): React.ComponentType<ControlProps> {
  return class Checked extends React.Component<ControlProps> {
    static displayName = `Checked(${Base.displayName ?? Base.name})`;
    private inner: Control | null = null;

    private keep = (control: Control | null) => {
      this.inner = control;
    };

    isValid = (): Validity => {
      const own = this.inner?.isValid?.();
      if (own !== undefined && own !== true && !(typeof own === "object" && "error" in own && own.error === false))
        return own;
      const rule = rules.get(String(this.props.field.get("rule") ?? ""));
      const { value } = this.props;
      // a required field left empty is Decap's to say; an optional one may be
      if (!rule || isEmpty(value)) return own ?? true;
      const problem = fieldProblem(String(this.props.field.get("name")), rule, value);
      return problem ? { error: { type: "CUSTOM", message: problem } } : true;
    };

    getValidateValue = () => this.inner?.getValidateValue?.() ?? this.props.value;

    focus = (path?: string) => this.inner?.focus?.(path);

    // Decap's field asks its control whether to draw again: the control's own answer (the picture's control waits
    // for the media library's choice this way), or always
    shouldComponentUpdate(next: ControlProps): boolean {
      const inner = this.inner;
      return inner?.shouldComponentUpdate ? inner.shouldComponentUpdate.call(inner, next, null, null) : true;
    }

    render() {
      const Control = Base as React.ComponentType<ControlProps & { ref: (control: Control | null) => void }>;
      return <Control {...this.props} ref={this.keep} />;
    }
  };
}

/** Replaces each of Decap's single-value widgets with its checked form, keeping its preview and options schema. */
export function registerCheckedWidgets(cms: typeof CMS, rules: Rules): void {
  for (const name of CHECKED_WIDGETS) {
    const widget = cms.getWidget(name) as unknown as {
      control: React.ComponentType<ControlProps>;
      preview: React.ComponentType<never>;
      schema?: object;
    };
    // the registry's own signature takes the widget's options schema fourth (decap-cms-core's registry.js)
    (cms.registerWidget as (...args: unknown[]) => void)(
      name,
      checked(widget.control, rules),
      widget.preview,
      widget.schema,
    );
  }
}
