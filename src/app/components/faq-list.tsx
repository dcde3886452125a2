/** An article's FAQs as native details/summary disclosures. */
import type { Faq } from '../../content/types.ts';
import { Once } from '../../widgets/rendered-once/index.tsx';

/** An article's FAQs as native disclosures: keyboard and screen-reader friendly with no script. */
export function FaqList({ faqs, heading = 'Frequently asked questions' }: { faqs: Faq[]; heading?: string }) {
  if (faqs.length === 0) return null;
  return (
    <section className="faq" aria-labelledby="faq-heading">
      <h2 id="faq-heading" className="section-title">
        {heading}
      </h2>
      <Once as="div" className="faq__items" name="faqs" inputs={[faqs]}>
        {faqs.map((faq, i) => (
          <details key={i} className="faq__item">
            <summary className="faq__question">{faq.question}</summary>
            <div className="faq__answer">
              <p>{faq.answer}</p>
            </div>
          </details>
        ))}
      </Once>
    </section>
  );
}
