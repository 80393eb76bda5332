// jsdom lacks the encoders react-router needs; Node has them.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
