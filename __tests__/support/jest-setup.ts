import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "util";

// jsdom has no TextEncoder, which React's server renderer needs at load: the islands' tests render as the build does
Object.assign(globalThis, { TextEncoder, TextDecoder });
