export { wrapPageElement, wrapRootElement } from "./src/root";
