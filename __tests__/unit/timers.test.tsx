import React from "react";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useStaticQuery } from "gatsby";
import { CommentForm } from "../../src/components/forms/comment-form";
import { ContactDialog } from "../../src/components/modals/contact-dialog";
import {
  useVisitorActions,
  VisitorActionsProvider,
  VisitorActionsTriggers,
} from "../../src/components/modals/visitor-actions";
import { siteDataQuery } from "../support/site-data";

jest.mock("react-google-recaptcha", () => {
  const React = jest.requireActual("react");
  return {
    __esModule: true,
    default: ({ onChange }: { onChange: (t: string) => void }) =>
      React.createElement("button", { type: "button", onClick: () => onChange("token") }, "I'm not a robot"),
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

beforeEach(() => {
  (useStaticQuery as jest.Mock).mockReturnValue(siteDataQuery);
  jest.useFakeTimers();
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function WelcomeState() {
  const { welcomeOpen } = useVisitorActions();
  return <p>{welcomeOpen ? "welcome open" : "welcome closed"}</p>;
}

describe("welcome popup timer (spec §4, §9)", () => {
  it("opens 30,000 ms after the first load and sets popupShown", () => {
    render(
      <VisitorActionsProvider>
        <VisitorActionsTriggers />
        <WelcomeState />
      </VisitorActionsProvider>,
    );
    act(() => jest.advanceTimersByTime(29_999));
    expect(screen.getByText("welcome closed")).toBeInTheDocument();
    expect(sessionStorage.getItem("popupShown")).toBeNull();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText("welcome open")).toBeInTheDocument();
    expect(sessionStorage.getItem("popupShown")).toBe("true");
  });

  it("does not open again in the same session", () => {
    sessionStorage.setItem("popupShown", "true");
    render(
      <VisitorActionsProvider>
        <VisitorActionsTriggers />
        <WelcomeState />
      </VisitorActionsProvider>,
    );
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText("welcome closed")).toBeInTheDocument();
  });
});

describe("comment success message (spec §4, §9)", () => {
  it("shows 'Comment posted successfully!' for 5,000 ms", async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 201 });
    render(<CommentForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Ravi" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ravi@example.com" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Comment" }), { target: { value: "Thanks" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Comment" }));
    });
    expect(screen.getByRole("status")).toHaveTextContent("Comment posted successfully!");
    act(() => jest.advanceTimersByTime(4_999));
    expect(screen.getByRole("status")).toHaveTextContent("Comment posted successfully!");
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});

describe("contact modal auto-close (spec §4, §9)", () => {
  it("closes 2,000 ms after a successful send", async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: true, status: 200 });
    const { container } = render(<ContactDialog />);
    const dialog = container.querySelector("dialog")!;
    act(() => dialog.showModal());
    expect(dialog.open).toBe(true);
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Asha" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "asha@example.com" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Help" } });
    fireEvent.click(await screen.findByRole("button", { name: "I'm not a robot" }));
    jest.spyOn(HTMLFormElement.prototype, "submit").mockImplementation(() => undefined);
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Contact" }));
    });
    expect(screen.getByText("Your message is sent. We'll get back to you at the earliest.")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_999));
    expect(dialog.open).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(dialog.open).toBe(false);
  });
});
