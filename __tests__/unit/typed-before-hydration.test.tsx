import React, { useState } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { adoptTypedValues } from "../../src/browser/typed-before-hydration";

function Form() {
  const [values, setValues] = useState({ name: "", message: "" });
  const change = (field: "name" | "message") => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  return (
    <form aria-label="Contact">
      <input aria-label="Name" value={values.name} onChange={change("name")} />
      <textarea aria-label="Message" value={values.message} onChange={change("message")} />
      <input type="hidden" name="type" value="contact" />
      <output>{`state: ${values.name}|${values.message}`}</output>
    </form>
  );
}

// What the production build's HTML holds for <Form />, as React's server renderer writes it
const SERVER_HTML =
  '<form aria-label="Contact"><input aria-label="Name" value=""/><textarea aria-label="Message"></textarea>' +
  '<input type="hidden" name="type" value="contact"/><output>state: |</output></form>';

/** The server's HTML of <Form />, typed into as a visitor would before its code came, then hydrated. */
async function typedThenHydrated() {
  const container = document.createElement("div");
  container.innerHTML = SERVER_HTML;
  document.body.append(container);
  fireEvent.input(container.querySelector("input")!, { target: { value: "Asha" } });
  await act(async () => {
    hydrateRoot(container, <Form />);
  });
  return container;
}

afterEach(() => (document.body.innerHTML = ""));

it("hands the form's state what was typed before hydration, so the next keystroke elsewhere keeps it", async () => {
  const container = await typedThenHydrated();
  const form = container.querySelector("form")!;
  expect(screen.getByLabelText("Name")).toHaveValue("Asha");
  expect(screen.getByText("state: |")).toBeInTheDocument();

  act(() => void adoptTypedValues(form));
  expect(screen.getByText("state: Asha|")).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } });
  expect(screen.getByLabelText("Name")).toHaveValue("Asha");
  expect(screen.getByText("state: Asha|Hello")).toBeInTheDocument();
});

it("without it, React puts its empty state back at the next render (what it guards against)", async () => {
  await typedThenHydrated();
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } });
  expect(screen.getByLabelText("Name")).toHaveValue("");
});

it("leaves untouched and hidden fields alone", async () => {
  const container = await typedThenHydrated();
  const hidden = container.querySelector<HTMLInputElement>("input[type=hidden]")!;
  let adopted = 0;
  act(() => void (adopted = adoptTypedValues(container.querySelector("form")!)));
  expect(adopted).toBe(1);
  expect(hidden.value).toBe("contact");
  expect(screen.getByLabelText("Message")).toHaveValue("");
});

it("hands over a box ticked before hydration, as a click would", async () => {
  function Remember() {
    const [save, setSave] = useState(false);
    return (
      <form aria-label="Comment">
        <label>
          <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} /> Save
        </label>
        <output>{`save: ${save}`}</output>
      </form>
    );
  }
  const container = document.createElement("div");
  container.innerHTML =
    '<form aria-label="Comment"><label><input type="checkbox"/> Save</label><output>save: false</output></form>';
  document.body.append(container);
  container.querySelector<HTMLInputElement>("input")!.checked = true;
  await act(async () => void hydrateRoot(container, <Remember />));
  expect(screen.getByText("save: false")).toBeInTheDocument();
  act(() => void adoptTypedValues(container.querySelector("form")!));
  expect(screen.getByText("save: true")).toBeInTheDocument();
  expect(screen.getByRole("checkbox")).toBeChecked();
});

it("hands over a file chosen before hydration (an application's CV), which React hears as a change", async () => {
  function Upload() {
    const [chosen, setChosen] = useState("none");
    return (
      <form aria-label="Application">
        <input type="file" aria-label="CV" onChange={(event) => setChosen(event.target.files?.[0]?.name ?? "none")} />
        <output>{`file: ${chosen}`}</output>
      </form>
    );
  }
  const container = document.createElement("div");
  container.innerHTML =
    '<form aria-label="Application"><input type="file" aria-label="CV"/><output>file: none</output></form>';
  document.body.append(container);
  const input = container.querySelector("input")!;
  Object.defineProperty(input, "files", { value: [new File(["%PDF"], "cv.pdf")] });
  await act(async () => {
    hydrateRoot(container, <Upload />);
  });
  expect(screen.getByText("file: none")).toBeInTheDocument();
  let adopted = 0;
  act(() => void (adopted = adoptTypedValues(container.querySelector("form")!)));
  expect(adopted).toBe(1);
  expect(screen.getByText("file: cv.pdf")).toBeInTheDocument();
});
