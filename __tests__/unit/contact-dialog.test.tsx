import React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { INVOKERS_ATTRIBUTE, INVOKERS_SCRIPT } from "../../src/browser/invokers";
import { ContactDialog } from "../../src/components/modals/contact-dialog";
import { useVisitorActions, VisitorActionsProvider } from "../../src/components/modals/visitor-actions";
import { whenOpened } from "../../src/components/modals/when-opened";
import { wrapFocus } from "../../src/components/modals/wrap-focus";
import { servedPage } from "../support/served-page";
import { siteDataQuery } from "../support/site-data";

jest.mock("react-google-recaptcha", () => {
  const React = jest.requireActual("react");
  return {
    __esModule: true,
    default: () => React.createElement("div", null, "captcha"),
  };
});

beforeAll(() => {
  // jsdom has no modal dialogs: enough of showModal and close to drive the components
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event("close"));
  };
});

beforeEach(() => (useStaticQuery as jest.Mock).mockReturnValue(siteDataQuery));

/** Lets the observer, the lazy import and React's retry run. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe("the contact modal (spec §2, §4)", () => {
  it("is a dialog whose content is the server's HTML until it first opens, however it is opened", async () => {
    function Other() {
      const { openContact } = useVisitorActions();
      return (
        <button type="button" onClick={openContact}>
          Our Services
        </button>
      );
    }
    const page = await servedPage(
      <VisitorActionsProvider>
        <ContactDialog />
        <Other />
      </VisitorActionsProvider>,
    );
    const dialog = document.getElementById("contact-dialog") as HTMLDialogElement;
    const content = dialog.querySelector("[data-island]")!;
    await settle();
    expect(dialog.open).toBe(false);
    // the form is in the HTML, and its code has not come
    expect(dialog.querySelector("form[aria-label='Contact']")).not.toBeNull();
    expect(content).not.toHaveAttribute("data-hydrated");

    fireEvent.click(screen.getByRole("button", { name: "Our Services" }));
    expect(dialog.open).toBe(true);
    // its code comes now: give it time on a busy machine
    await waitFor(() => expect(content).toHaveAttribute("data-hydrated"), { timeout: 10_000 });
    expect(screen.getByRole("dialog", { name: "Tell us about your project" })).toBe(dialog);
    expect(screen.getByRole("form", { name: "Contact" })).toBeInTheDocument();
    expect(screen.getByRole("complementary", { name: "What clients say" })).toBeInTheDocument();
    page.unmount();
  });

  it("opens with a fresh form each time: what was typed before a closing is gone", async () => {
    const { container } = render(<ContactDialog />);
    await settle();
    const dialog = container.querySelector("dialog")!;
    act(() => dialog.showModal());
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Asha" } });
    expect(screen.getByLabelText("Name")).toHaveValue("Asha");
    act(() => dialog.close());
    act(() => dialog.showModal());
    expect(screen.getByLabelText("Name")).toHaveValue("");
  });

  it("has a close button that closes it without script (a form of method dialog)", async () => {
    const { container } = render(<ContactDialog />);
    await settle();
    const close = screen.getByRole("button", { name: "Close", hidden: true });
    expect(close.closest("form")).toHaveAttribute("method", "dialog");
    expect(close.closest("dialog")).toBe(container.querySelector("dialog"));
  });
});

describe("whenOpened", () => {
  it("calls back at once for a dialog opened before the page's script ran", () => {
    const dialog = document.createElement("dialog");
    dialog.setAttribute("open", "");
    const callback = jest.fn();
    whenOpened(dialog, callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("calls back once, on the first opening, and not after it is stopped", async () => {
    const dialog = document.createElement("dialog");
    const callback = jest.fn();
    whenOpened(dialog, callback);
    await settle();
    expect(callback).not.toHaveBeenCalled();
    dialog.setAttribute("open", "");
    await settle();
    dialog.removeAttribute("open");
    dialog.setAttribute("open", "");
    await settle();
    expect(callback).toHaveBeenCalledTimes(1);

    const other = document.createElement("dialog");
    const never = jest.fn();
    whenOpened(other, never)();
    other.setAttribute("open", "");
    await settle();
    expect(never).not.toHaveBeenCalled();
  });
});

describe("the head's invokers script", () => {
  afterEach(() => {
    document.documentElement.removeAttribute(INVOKERS_ATTRIBUTE);
    delete (HTMLButtonElement.prototype as { commandForElement?: unknown }).commandForElement;
  });

  it("leaves <html> as it is where buttons have no commandfor (jsdom has none): the links show", () => {
    new Function(INVOKERS_SCRIPT)();
    expect(document.documentElement.hasAttribute(INVOKERS_ATTRIBUTE)).toBe(false);
  });

  it("marks <html> where they have: the buttons show", () => {
    Object.defineProperty(HTMLButtonElement.prototype, "commandForElement", { value: null, configurable: true });
    new Function(INVOKERS_SCRIPT)();
    expect(document.documentElement.hasAttribute(INVOKERS_ATTRIBUTE)).toBe(true);
  });
});

describe("wrapFocus", () => {
  it("wraps from the last control Tab reaches, not from one taken out of the order", () => {
    function Dialog() {
      return (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div role="dialog" aria-label="Test" onKeyDown={wrapFocus}>
          <input aria-label="Field" />
          <button type="button">Close</button>
          <a href="/result" tabIndex={-1}>
            Result
          </a>
        </div>
      );
    }
    render(<Dialog />);
    // jsdom lays nothing out: every element counts as shown
    jest.spyOn(HTMLElement.prototype, "offsetParent", "get").mockReturnValue(document.body);
    screen.getByRole("button", { name: "Close" }).focus();
    fireEvent.keyDown(screen.getByRole("button", { name: "Close" }), { key: "Tab" });
    expect(screen.getByLabelText("Field")).toHaveFocus();
  });
});
