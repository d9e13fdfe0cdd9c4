declare const __VITRINE_VERSION__: string;
/** The chunks every first mount needs beside the widget's own (mount/shared-chunks.ts); empty in unit tests. */
declare const __VITRINE_SHARED_CHUNKS__: string[];
