import React from "react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { useFormSignals } from "../../src/components/forms/use-form-signals";
import { Island } from "../../src/components/islands/island";
import { ShownSince } from "../../src/components/islands/shown-since";
import { servedPage } from "../support/served-page";
import { siteDataQuery } from "../support/site-data";

jest.mock("react-google-recaptcha", () => {
  const React = jest.requireActual("react");
  return { __esModule: true, default: () => React.createElement("div", null, "captcha") };
});

beforeEach(() => (useStaticQuery as jest.Mock).mockReturnValue(siteDataQuery));

function Page() {
  return (
    <footer>
      <Island name="newsletterForm" wake="interaction" />
    </footer>
  );
}

let unmount = () => {};
let errors: jest.SpyInstance;
beforeEach(() => (errors = jest.spyOn(console, "error")));
afterEach(() => {
  unmount();
  // no hydration error, no warning of a root unmounted while another rendered
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

/** The footer as served, hydrated; its island and the server's form. */
async function served(mutate?: (container: HTMLElement) => void) {
  const page = await servedPage(<Page />, mutate);
  unmount = page.unmount;
  const island = page.container.querySelector<HTMLElement>("[data-island]")!;
  return { island, serverForm: island.querySelector("form")! };
}

const hydrated = (island: HTMLElement) =>
  waitFor(() => expect(island).toHaveAttribute("data-hydrated"), { timeout: 10_000 });

describe("an island (src/components/islands/island.tsx)", () => {
  it("stays the server's HTML, a form that posts itself, until the visitor reaches for it", async () => {
    const { island, serverForm } = await served();
    expect(serverForm).toHaveAttribute("method", "post");
    expect(serverForm.querySelector("input[name=email]")).not.toBeNull();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(island).not.toHaveAttribute("data-hydrated");

    fireEvent.focusIn(screen.getByLabelText("Email address"));
    await hydrated(island);
    // hydrated in place: the same elements, now React's
    expect(island.querySelector("form")).toBe(serverForm);
  });

  it("keeps what was typed before its code came, and sends a form submitted meanwhile as script sends it", async () => {
    const { island, serverForm } = await served();
    const field = screen.getByLabelText("Email address") as HTMLInputElement;
    field.value = "not-an-address";
    fireEvent.focusIn(field);
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    serverForm.dispatchEvent(submit);
    // held: not posted as HTML while the code comes
    expect(submit.defaultPrevented).toBe(true);
    await hydrated(island);
    // the script's check ran on the typed address (without script the server would have answered instead)
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(field).toHaveValue("not-an-address");
  });

  it("the contact page's form keeps the name typed before its code came when the visitor goes on to the message", async () => {
    const page = await servedPage(<Island name="contactForm" wake="interaction" />, (container) => {
      fireEvent.input(container.querySelector("[name=name]")!, { target: { value: "Asha" } });
    });
    unmount = page.unmount;
    await hydrated(page.container.querySelector<HTMLElement>("[data-island]")!);
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } });
    expect(screen.getByLabelText("Name")).toHaveValue("Asha");
    expect(screen.getByLabelText("Message")).toHaveValue("Hello");
  });

  it("wakes for a form sent with no pointer, focus or key first, and sends it as script does", async () => {
    const { island, serverForm } = await served();
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    serverForm.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await hydrated(island);
    expect(await screen.findByText("Enter your mail id")).toBeInTheDocument();
  });

  it("sends a form submitted while its code hydrates it as script sends it, the event not stopped on the way", async () => {
    const client = jest.requireActual<typeof import("react-dom/client")>("react-dom/client");
    const { island, serverForm } = await served();
    const submit = new Event("submit", { bubbles: true, cancelable: true });
    let reachedDocument = false;
    document.addEventListener("submit", () => (reachedDocument = true), { once: true });
    // the send comes after its root began to hydrate and before it finished (Firefox did so within 10 ms)
    const hydrateRoot = client.hydrateRoot;
    const hydrate = jest.spyOn(client, "hydrateRoot").mockImplementation((...args) => {
      const root = hydrateRoot(...args);
      queueMicrotask(() => serverForm.dispatchEvent(submit));
      return root;
    });
    fireEvent.pointerOver(island.querySelector("button")!);
    await hydrated(island);
    hydrate.mockRestore();
    expect(submit.defaultPrevented).toBe(true);
    expect(reachedDocument).toBe(true);
    expect(await screen.findByText("Enter your mail id")).toBeInTheDocument();
  });

  it("wakes at once when the visitor typed into it before the page's script ran", async () => {
    const { island } = await served((container) => {
      (container.querySelector("input[name=email]") as HTMLInputElement).value = "reader@example.com";
    });
    await hydrated(island);
    expect(screen.getByLabelText("Email address")).toHaveValue("reader@example.com");
  });

  it("renders at once where there is no server HTML (a page reached by a move within the site)", async () => {
    unmount = render(<Page />).unmount;
    expect(await screen.findByRole("form", { name: "Newsletter" }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe("when an island wakes (src/components/islands/wake.ts)", () => {
  function Form() {
    return (
      <form aria-label="Test">
        <label>
          Name <input name="name" defaultValue="" />
        </label>
        <label>
          <input type="checkbox" name="save" /> Remember me
        </label>
        <input type="file" name="cv" aria-label="CV" />
      </form>
    );
  }

  it("waits while nothing in it was touched: a checkbox's value is not a change", async () => {
    const { whenToWake } = await import("../../src/components/islands/wake");
    const { container } = render(<Form />);
    const wake = jest.fn();
    const stop = whenToWake(container, "interaction", wake);
    expect(wake).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByLabelText(/Name/));
    expect(wake).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(screen.getByLabelText(/Name/));
    expect(wake).toHaveBeenCalledTimes(1);
    stop();
  });

  it("wakes at once for a box ticked or a field filled before the page's script ran", async () => {
    const { whenToWake } = await import("../../src/components/islands/wake");
    const { container } = render(<Form />);
    (screen.getByRole("checkbox") as HTMLInputElement).checked = true;
    const wake = jest.fn();
    whenToWake(container, "interaction", wake);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});

describe("how long a form was shown (src/components/islands/shown-since.ts)", () => {
  function Signed({ onSign }: { onSign: (elapsed: number) => void }) {
    const { sign } = useFormSignals();
    return (
      <button type="button" onClick={() => onSign((sign({}) as { elapsed: number }).elapsed)}>
        Send
      </button>
    );
  }

  it("counts from the page's first paint for a form hydrated from the server's HTML, from its mounting otherwise", () => {
    jest.spyOn(performance, "now").mockReturnValue(9_000);
    const fromPaint = jest.fn();
    const fromMount = jest.fn();
    const { unmount: off } = render(
      <>
        <ShownSince.Provider value={1_000}>
          <Signed onSign={fromPaint} />
        </ShownSince.Provider>
        <Signed onSign={fromMount} />
      </>,
    );
    (performance.now as jest.Mock).mockReturnValue(9_500);
    screen.getAllByRole("button", { name: "Send" }).forEach((b) => fireEvent.click(b));
    expect(fromPaint).toHaveBeenCalledWith(8_500);
    expect(fromMount).toHaveBeenCalledWith(500);
    off();
    (performance.now as jest.Mock).mockRestore();
  });
});
