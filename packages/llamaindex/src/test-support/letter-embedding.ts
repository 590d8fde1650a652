import { BaseEmbedding } from 'llamaindex';

/** A deterministic offline embedding: letter frequencies (26 dimensions). Counts its calls. */
export class LetterEmbedding extends BaseEmbedding {
  texts = 0;

  constructor() {
    super();
  }

  async getTextEmbedding(text: string): Promise<number[]> {
    this.texts++;
    const vector: number[] = Array.from({ length: 26 }, () => 0);
    for (const char of text.toLowerCase()) {
      const code = char.charCodeAt(0) - 97;
      if (code >= 0 && code < 26) vector[code] = (vector[code] ?? 0) + 1;
    }
    if (!vector.some((value) => value > 0)) vector[0] = 1;
    return vector;
  }
}
