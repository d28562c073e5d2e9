import React, { useState } from "react";
import { act, fireEvent, screen } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { hydrateRoot } from "react-dom/client";
import { TextEncoder } from "util";
import { adoptTypedValues } from "../../src/browser/typed-before-hydration";
import { ContactForm } from "../../src/components/forms/contact-form";
import { NewsletterForm } from "../../src/components/forms/newsletter-form";
import { siteDataQuery } from "../support/site-data";

jest.mock("react-google-recaptcha", () => ({ __esModule: true, default: () => null }));

// React's server renderer, which the build runs in Node, needs the TextEncoder that jsdom's window lacks
Object.assign(globalThis, { TextEncoder });
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");

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

describe("the site's forms, typed into before their code hydrated them (issue 35's journeys, in every engine)", () => {
  beforeEach(() => (useStaticQuery as jest.Mock).mockReturnValue(siteDataQuery));

  /** A form's server HTML, typed into by `type`, then hydrated. */
  async function hydratedAfterTyping(form: React.ReactElement, type: (container: HTMLElement) => void) {
    const container = document.createElement("div");
    container.innerHTML = renderToString(form);
    document.body.append(container);
    type(container);
    await act(async () => {
      hydrateRoot(container, form);
    });
    return container;
  }

  it("the contact page's form keeps the name when the visitor goes on to type the message", async () => {
    const container = await hydratedAfterTyping(<ContactForm />, (c) => {
      fireEvent.input(c.querySelector("[name=name]")!, { target: { value: "Asha" } });
    });
    fireEvent.change(container.querySelector("[name=info]")!, { target: { value: "Hello" } });
    expect(container.querySelector("[name=name]")).toHaveValue("Asha");
    expect(container.querySelector("[name=info]")).toHaveValue("Hello");
  });

  it("the newsletter sends what is in its field, not 'Enter your mail id'", async () => {
    const container = await hydratedAfterTyping(<NewsletterForm />, (c) => {
      fireEvent.input(c.querySelector("[name=email]")!, { target: { value: "reader@example.com" } });
    });
    fireEvent.submit(container.querySelector("form")!);
    expect(container.querySelector("[role=alert]")).toHaveTextContent("");
    expect(container.querySelector("[name=email]")).toHaveValue("reader@example.com");
  });
});
