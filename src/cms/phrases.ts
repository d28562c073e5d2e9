// The editor's English, where Decap checks a rule itself (a required field given, a list's length): said in the
// build's words (src/lib/content-fields.ts), so an author reads the same sentence wherever a rule is refused.
import { listSize } from "../lib/content-fields";

type Phrases = { editor: { editorControlPane: { widget: Record<string, string> } } };

export function inTheModelsWords<T>(english: T): T {
  const phrases = english as T & Phrases;
  const widget = phrases.editor.editorControlPane.widget;
  return {
    ...phrases,
    editor: {
      ...phrases.editor,
      editorControlPane: {
        ...phrases.editor.editorControlPane,
        widget: {
          ...widget,
          required: "%{fieldLabel} must be given.",
          rangeCount: `%{fieldLabel} must be ${listSize.between("%{minCount}", "%{maxCount}")}.`,
          rangeCountExact: `%{fieldLabel} must be ${listSize.exactly("%{count}")}.`,
          rangeMin: `%{fieldLabel} must be ${listSize.atLeast("%{minCount}")}.`,
          rangeMax: `%{fieldLabel} must be ${listSize.between(0, "%{maxCount}")}.`,
        },
      },
    },
  };
}
