/** The fake API server of the component tests, shared with the other app. */
export * from '@platform/ui/testing';
