/** Unit tests of the back office: jsdom + SWC, the same set-up as the shop's remotes (waits included). */
import { browserJestConfig } from '../shared/jest.config.mjs';

export default browserJestConfig;
