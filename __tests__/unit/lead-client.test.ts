import { commentAlertText, sendComment, sendLead } from "../../src/lib/lead-client";

const body = { type: "t", info: "i", email: "e@x.co", phone: "", name: "n" };
const answer = (status: number) => jest.fn().mockResolvedValue({ status, ok: status >= 200 && status < 300 });

describe("sendLead (spec §7: only 200 is success)", () => {
  it("posts the JSON body with no custom headers", async () => {
    const fetch = answer(200);
    await sendLead(body, "/api/lead", fetch);
    expect(fetch).toHaveBeenCalledWith("/api/lead", { method: "POST", body: JSON.stringify(body) });
  });

  it.each([201, 204, 400, 500])("throws 'Error while sending message' for status %i", async (status) => {
    await expect(sendLead(body, "/api/lead", answer(status))).rejects.toThrow("Error while sending message");
  });

  it("passes a network failure on", async () => {
    await expect(
      sendLead(body, "/api/lead", jest.fn().mockRejectedValue(new TypeError("Failed to fetch"))),
    ).rejects.toThrow();
  });
});

describe("sendComment (spec §7: any ok answer is success)", () => {
  const comment = { name: "n", email: "e", comment: "c", url: "u", type: "t" };

  it.each([200, 201, 204])("accepts status %i", async (status) => {
    await expect(sendComment(comment, "/api/lead", answer(status))).resolves.toBeUndefined();
  });

  it("throws 'Failed to post comment. Please try again.' otherwise", async () => {
    await expect(sendComment(comment, "/api/lead", answer(500))).rejects.toThrow(
      "Failed to post comment. Please try again.",
    );
  });

  it("alerts the error's message, or 'Something went wrong.' without one", () => {
    expect(commentAlertText(new Error("Failed to post comment. Please try again."))).toBe(
      "Failed to post comment. Please try again.",
    );
    expect(commentAlertText(new Error(""))).toBe("Something went wrong.");
    expect(commentAlertText("boom")).toBe("Something went wrong.");
  });
});
