import {
  readCommentDetails,
  readStored,
  rememberCommentDetails,
  removeStored,
  writeStored,
} from "../../src/browser/storage";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.restoreAllMocks();
});

describe("comment details in local storage (spec §3, §4)", () => {
  it("keeps saveDetails, name and email when asked, and reads them back", () => {
    rememberCommentDetails(true, "Ravi", "ravi@example.com");
    expect({ ...localStorage }).toEqual({ saveDetails: "true", name: "Ravi", email: "ravi@example.com" });
    expect(readCommentDetails()).toEqual({ name: "Ravi", email: "ravi@example.com" });
  });

  it("removes them when not asked", () => {
    rememberCommentDetails(true, "Ravi", "ravi@example.com");
    rememberCommentDetails(false, "Ravi", "ravi@example.com");
    expect({ ...localStorage }).toEqual({});
    expect(readCommentDetails()).toBeNull();
  });
});

describe("blocked storage", () => {
  it("reads as empty and never throws", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    jest.spyOn(Storage.prototype, "removeItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    expect(() => writeStored("session", "popupShown", "true")).not.toThrow();
    expect(readStored("session", "popupShown")).toBeNull();
    expect(() => removeStored("local", "name")).not.toThrow();
    expect(() => rememberCommentDetails(true, "a", "b")).not.toThrow();
    expect(readCommentDetails()).toBeNull();
  });
});
