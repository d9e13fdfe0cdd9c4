declare const __VITRINE_VERSION__: string;
