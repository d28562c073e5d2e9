import path from "path";
import { onCreateNode, shouldOnCreateNode } from "../../src/node/on-create-node";

const contentDir = path.resolve(__dirname, "../../content");

function run(relativePath: string, frontmatter: Record<string, unknown>, type = "MarkdownRemark") {
  const file = {
    id: "file-1",
    internal: { type: "File" },
    absolutePath: path.join(contentDir, relativePath),
    relativePath,
    sourceInstanceName: "content",
  };
  const node = {
    id: "md-1",
    parent: "file-1",
    internal: { type },
    frontmatter,
    rawMarkdownBody: "word ".repeat(440),
    ...(type === "MarkdownRemark" ? {} : frontmatter),
  };
  const reporter = { panicOnBuild: jest.fn() };
  const actions = { createNode: jest.fn(), createParentChildLink: jest.fn() };
  const args = {
    node,
    getNode: (id: string) => (id === "file-1" ? file : undefined),
    actions,
    reporter,
    createNodeId: (s: string) => `id(${s})`,
    createContentDigest: () => "digest",
  };
  (onCreateNode as unknown as (a: typeof args) => void)(args);
  return { reporter, actions };
}

const post = {
  title: "Your first 90 days with Data Cloud",
  date: "2026-05-01T00:00:00.000Z",
  author: "Sofia Martinez",
  tags: ["data-cloud"],
  cover: "./images/data-cloud-first-90-days.jpg",
  coverAlt: "Abstract illustration",
  description: "A description that is long enough to be a meta description for a blog post on the site.",
};

describe("onCreateNode", () => {
  it("makes a typed BlogPost node with its route, cover file and reading time", () => {
    const { reporter, actions } = run("blog/data-cloud-first-90-days.md", post);
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    const created = actions.createNode.mock.calls[0][0];
    expect(created).toMatchObject({
      path: "/blog/data-cloud-first-90-days",
      slug: "data-cloud-first-90-days",
      old: false,
      draft: false,
      readingTime: 2,
      cover: path.join(contentDir, "blog/images/data-cloud-first-90-days.jpg"),
      internal: { type: "BlogPost" },
      parent: "md-1",
    });
  });

  it("records the day a post becomes public, and none for a draft: each build decides what is published", () => {
    const created = run("blog/data-cloud-first-90-days.md", post).actions.createNode.mock.calls[0][0];
    expect(created).toMatchObject({ draft: false, publishesOn: "2026-05-01" });
    expect(created).not.toHaveProperty("listed");
    const draft = run("blog/data-cloud-first-90-days.md", { ...post, draft: true }).actions.createNode.mock.calls[0][0];
    expect(draft).toMatchObject({ draft: true, publishesOn: null });
    // the same node in gatsby develop: nothing on it depends on the command, the context or the day
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    try {
      const developed = run("blog/data-cloud-first-90-days.md", { ...post, draft: true }).actions.createNode.mock
        .calls[0][0];
      expect(developed).toEqual(draft);
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
  });

  it("fails the build with one line naming the file and the field", () => {
    const { reporter, actions } = run("blog/data-cloud-first-90-days.md", { ...post, title: undefined });
    expect(reporter.panicOnBuild).toHaveBeenCalledTimes(1);
    expect(reporter.panicOnBuild.mock.calls[0][0]).toBe(
      'content/blog/data-cloud-first-90-days.md: field "title" must be given (missing; expected a non-empty text)',
    );
    expect(actions.createNode).not.toHaveBeenCalled();
  });

  it("rejects a service whose group the navigation does not have", () => {
    const { reporter } = run("services/x.md", { title: "X", group: "Robotics" });
    expect(reporter.panicOnBuild.mock.calls[0][0]).toMatch(
      /^content\/services\/x\.md: field "group" must be one of Salesforce, CRM, AI and ML, Data and Analytics, Digital Engineering, Automation, Training, got "Robotics"$/,
    );
  });

  it("checks items of the JSON lists", () => {
    const { reporter } = run("jobs.json", { title: "Developer", datePosted: "yesterday" }, "JobsJson");
    expect(reporter.panicOnBuild.mock.calls[0][0]).toMatch(/^content\/jobs\.json: field "department"/);
  });

  it("is called for the nodes of Markdown and JSON files only, not for files or the typed nodes it makes", () => {
    const should = (type: string) =>
      (shouldOnCreateNode as unknown as (a: { node: { internal: { type: string } } }) => boolean)({
        node: { internal: { type } },
      });
    expect(["MarkdownRemark", "JobsJson", "SiteJson"].map(should)).toEqual([true, true, true]);
    expect(["File", "BlogPost", "Service", "SitePage"].map(should)).toEqual([false, false, false, false]);
  });
});
