// CSS Modules in tests: every class name is its own key, so components render with stable classes.
module.exports = new Proxy({}, { get: (_, key) => (key === "__esModule" ? false : String(key)), ownKeys: () => [] });
