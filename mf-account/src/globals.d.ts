/** Set by the build (DefinePlugin): this remote's version, name and the shared contract it was built against. */
declare const __REMOTE_VERSION__: string;
declare const __REMOTE_NAME__: string;
declare const __CONTRACT_VERSION__: string;
declare const __webpack_public_path__: string;
