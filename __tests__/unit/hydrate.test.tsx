import React, { useState } from "react";
import { act } from "@testing-library/react";
import { hydrateInTransition } from "../../src/browser/hydrate";

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      Clicked {count} times
    </button>
  );
}

// What the production build's HTML holds for <Counter />, as React's server renderer writes it
const SERVER_HTML = '<button type="button">Clicked <!-- -->0<!-- --> times</button>';

let errors: jest.SpyInstance;
beforeEach(() => {
  errors = jest.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

it("hydrates a page's server HTML in place: the same elements come alive", async () => {
  const container = document.createElement("div");
  container.innerHTML = SERVER_HTML;
  document.body.append(container);
  const serverButton = container.querySelector("button")!;
  let cleanup = () => {};
  await act(async () => {
    cleanup = hydrateInTransition(<Counter />, container);
  });
  await act(async () => serverButton.click());
  expect(container.querySelector("button")).toBe(serverButton);
  expect(serverButton.textContent).toBe("Clicked 1 times");
  expect(errors).not.toHaveBeenCalled();
  act(() => cleanup());
  expect(container.childNodes).toHaveLength(0);
  container.remove();
});

it("renders into the empty root gatsby develop serves, without a hydration error", async () => {
  const container = document.createElement("div");
  document.body.append(container);
  let cleanup = () => {};
  await act(async () => {
    cleanup = hydrateInTransition(<Counter />, container);
  });
  expect(container.querySelector("button")?.textContent).toBe("Clicked 0 times");
  expect(errors).not.toHaveBeenCalled();
  act(() => cleanup());
  expect(container.childNodes).toHaveLength(0);
  container.remove();
});
