import { describe, expect, it } from 'vitest';
import { isPublishedTestCard } from '../../lib/vault/test-cards';
import { TEST_CARD_CHOICES } from '../../components/dashboard/tokens/test-card-choices';

describe('the dashboard test card picker', () => {
  it('offers only numbers POST /test-tokens accepts, each labelled with its own last 4', () => {
    for (const choice of TEST_CARD_CHOICES) {
      expect(isPublishedTestCard(choice.number), choice.id).toBe(true);
      expect(choice.label).toContain(choice.number.slice(-4));
    }
    expect(new Set(TEST_CARD_CHOICES.map((choice) => choice.id)).size).toBe(TEST_CARD_CHOICES.length);
  });
});
