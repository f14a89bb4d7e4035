import { AmountInputDemo } from './amount-input-demo.js';
import { LinkPlayground } from './link-playground.js';
import { RichTextPlayground } from './rich-text-playground.js';

/** Content safety: rich text and links through exkit's filters, and the amount input. */
export function ContentPage() {
  return (
    <div className="grid">
      <RichTextPlayground />
      <LinkPlayground />
      <AmountInputDemo />
    </div>
  );
}
