/**
 * Hands React what a visitor typed into a form before its code hydrated it. React keeps such text on screen when
 * it hydrates, but its state does not have it: the next render of a controlled field (a keystroke in another
 * one) would put the state's empty value back, and validation would find the field empty. So each field whose
 * text differs from the server's is told it changed, as typing does: React notices a change by comparing the
 * field's value with the last one it set through the element's `value` property, so the text is set back through
 * that property empty, then through the DOM's own setter, and an input event follows; a checkbox is clicked from
 * the server's state to the visitor's; a file chosen (an application's CV) is said with the change event React
 * listens to on a file field. Returns how many fields.
 */
export function adoptTypedValues(form: HTMLFormElement): number {
  let adopted = 0;
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field.type === "hidden" || field.type === "radio") continue;
    if (field instanceof HTMLInputElement && field.type === "file") {
      if (!field.files?.length) continue;
      field.dispatchEvent(new Event("change", { bubbles: true }));
      adopted += 1;
      continue;
    }
    if (field instanceof HTMLInputElement && field.type === "checkbox") {
      // a box ticked (or cleared) is said as a click does, from the state the server wrote
      if (field.checked === field.defaultChecked) continue;
      field.checked = field.defaultChecked;
      field.click();
      adopted += 1;
      continue;
    }
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const native = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
    if (!native) continue;
    field.value = field.defaultValue;
    native.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    adopted += 1;
  }
  return adopted;
}
