// Types for the parts of the untyped `mistral-tokenizer-js` devDependency that the tests use.
declare module 'mistral-tokenizer-js' {
  interface MistralTokenizer {
    /** Ids of `text`; BOS first and a space before the text unless turned off. */
    encode(text: string, addBosToken?: boolean, addPrecedingSpace?: boolean): number[];
    /** The vocabulary: index is the id. */
    vocabById: string[];
    /** `"left right"` → priority (lower merges first), in the order of the model's merges. */
    merges: Map<string, number>;
  }
  const mistralTokenizer: MistralTokenizer;
  export default mistralTokenizer;
}
