/**
 * The cart drawer: a modal dialog over the page (which is inert and does not scroll meanwhile, see
 * RootLayout), code-split from the header and loaded when the shopper reaches for the cart button.
 * It reads the cart when it opens and shows the lines (quantity stepper, remove), discount codes,
 * delivery options, the totals and the way to checkout; changes show at once and settle to the
 * cart function's answer (./use-cart.ts). Outcomes are announced in a polite live region.
 */
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CART_CHECKOUT_PATH, CART_LIMITS } from '../../shared/cart.ts';
import { Button, ButtonAnchor, ButtonLink } from '../../widgets/button/index.tsx';
import { CloseIcon } from '../../widgets/dialog/close-icon.tsx';
import { useModalDialog } from '../../widgets/dialog/use-modal-dialog.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';
import { formatMoney, isMoreThan, moneyValue } from '../../widgets/money.ts';
import { lineName, type CartView } from '../../services/cart-client.ts';
import { useCart, type UseCart } from './use-cart.ts';

/** Where "Keep shopping" leads: the equipment guides, which carry the products. */
export const SHOP_PATH = '/boxing-equipment';
/** Per line, as the cart function accepts (§9 and the store's own limit). */
export const MAX_LINE_QUANTITY = CART_LIMITS.maxQuantity;

type Line = CartView['lines'][number];
type DeliveryOption = CartView['deliveryGroups'][number]['options'][number];

export type CartDrawerProps = {
  id: string;
  open: boolean;
  /** `restoreFocus`: focus goes back (Escape, close button, backdrop), not after a followed link. */
  onClose: (restoreFocus: boolean) => void;
  /** Where focus goes back to: the cart button (default: what had focus when the drawer opened). */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

export function CartDrawer({ id, open, onClose, returnFocusRef }: CartDrawerProps) {
  const cart = useCart(open);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Focus starts on the close button, the panel's first focusable element.
  const dialog = useModalDialog({ open, onClose, dialogRef: panelRef, returnFocusRef });

  return (
    <div className="cart-drawer" hidden={!open}>
      <div className="cart-drawer__backdrop" onClick={() => dialog.close(true)} />
      <div
        id={id}
        ref={panelRef}
        className="cart-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        // Following a link (keep shopping, checkout) leaves the drawer.
        onClick={dialog.onClick}
      >
        <div className="cart-drawer__head">
          <h2 id={titleId} ref={titleRef} className="cart-drawer__title" tabIndex={-1}>
            Your cart
          </h2>
          <button type="button" className="cart-drawer__close" onClick={() => dialog.close(true)}>
            <CloseIcon size={22} />
            <span className="visually-hidden">Close cart</span>
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {cart.announcement}
        </p>
        <CartContents
          cart={cart}
          // A removed line takes its focused button with it: focus goes to the drawer's title.
          onLineRemoved={() => titleRef.current?.focus()}
        />
      </div>
    </div>
  );
}

function Messages({ cart }: { cart: UseCart }) {
  if (cart.messages.length === 0) return null;
  return (
    <ul className="cart-messages">
      {cart.messages.map((message, i) => (
        <li key={i} className={`cart-message cart-message--${message.kind}`}>
          {message.text}
        </li>
      ))}
    </ul>
  );
}

/** The drawer's body for the cart's state: loading, failed (with a retry), empty, or its lines. */
function CartContents({ cart, onLineRemoved }: { cart: UseCart; onLineRemoved: () => void }) {
  const view = cart.cart;
  if (cart.status === 'loading') {
    return (
      <div className="cart-drawer__body">
        <p className="cart-drawer__note">Loading your cart…</p>
      </div>
    );
  }
  if (cart.status === 'failed') return <CartFailed cart={cart} />;
  if (!view || view.lines.length === 0) return <CartEmpty cart={cart} />;
  return (
    <>
      <div className="cart-drawer__body">
        <div className="cart-drawer__section">
          <Messages cart={cart} />
          <ul className="cart-lines" aria-label="Items in your cart">
            {view.lines.map((line) => (
              <CartLineItem
                key={line.id}
                line={line}
                cart={cart}
                pending={cart.pendingLines.has(line.id)}
                onRemoved={onLineRemoved}
              />
            ))}
          </ul>
        </div>
        <DiscountCodes cart={cart} codes={view.discountCodes} />
        <Delivery cart={cart} view={view} />
      </div>
      {/* Totals and the way out stay in view while the lines scroll. */}
      <div className="cart-drawer__foot">
        <Totals view={view} settling={cart.settling} />
        <Checkout settling={cart.settling} />
      </div>
    </>
  );
}

function CartFailed({ cart }: { cart: UseCart }) {
  return (
    <div className="cart-drawer__body">
      <div className="cart-drawer__section">
        <Messages cart={cart} />
        <Button
          variant="secondary"
          size="small"
          aria-disabled={cart.busy || undefined}
          onClick={() => !cart.busy && void cart.reload()}
        >
          Try again
        </Button>
      </div>
    </div>
  );
}

function CartEmpty({ cart }: { cart: UseCart }) {
  return (
    <div className="cart-drawer__body">
      <div className="cart-drawer__section cart-drawer__empty">
        <Messages cart={cart} />
        <p className="cart-drawer__empty-title">Your cart is empty</p>
        <ButtonLink to={SHOP_PATH}>Keep shopping</ButtonLink>
      </div>
    </div>
  );
}

/**
 * The way to checkout. The function answers 303 to the store's checkout: its URL (with the cart's
 * key) never reaches the page. While changes are in flight (`settling`) it waits, so checkout shows
 * the cart as the server has it.
 */
function Checkout({ settling }: { settling: boolean }) {
  return (
    <ButtonAnchor
      size="large"
      block
      className="cart-drawer__checkout"
      href={CART_CHECKOUT_PATH}
      aria-disabled={settling || undefined}
      onClick={(event) => {
        if (settling) {
          event.preventDefault();
          event.stopPropagation();
        }
      }}
    >
      Checkout
    </ButtonAnchor>
  );
}

function CartLineItem({
  line,
  cart,
  pending,
  onRemoved,
}: {
  line: Line;
  cart: UseCart;
  pending: boolean;
  onRemoved: () => void;
}) {
  const name = lineName(line);
  const { merchandise } = line;
  const variant = merchandise.title.trim() === 'Default Title' ? '' : merchandise.title;
  const compareAt =
    merchandise.compareAtPrice && isMoreThan(merchandise.compareAtPrice, merchandise.price)
      ? merchandise.compareAtPrice
      : null;
  // aria-disabled rather than disabled: a busy button keeps focus (a disabled one drops it).
  const canDecrease = !pending && line.quantity > 1;
  const canIncrease = !pending && line.quantity < MAX_LINE_QUANTITY;
  return (
    <li className="cart-line" aria-busy={pending || undefined}>
      <div className="cart-line__media">
        {merchandise.image ? (
          <ResponsiveImage image={merchandise.image} sizes="72px" alt="" className="cart-line__image" />
        ) : null}
      </div>
      <div className="cart-line__info">
        <p className="cart-line__title">{merchandise.productTitle}</p>
        {variant ? <p className="cart-line__variant">{variant}</p> : null}
        <p className="cart-line__price">
          {formatMoney(merchandise.price)}
          {compareAt ? (
            <s className="cart-line__compare-at">
              <span className="visually-hidden">Was </span>
              {formatMoney(compareAt)}
            </s>
          ) : null}
        </p>
        <div className="cart-line__controls">
          <QuantityStepper
            name={name}
            quantity={line.quantity}
            canDecrease={canDecrease}
            canIncrease={canIncrease}
            onChange={(quantity) => void cart.setQuantity(line, quantity)}
          />
          <button
            type="button"
            className="cart-line__remove"
            aria-label={`Remove ${name}`}
            aria-disabled={pending || undefined}
            onClick={() => {
              if (pending) return;
              onRemoved();
              void cart.removeLine(line);
            }}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}

type QuantityStepperProps = {
  /** The line's name, for the buttons' labels. */
  name: string;
  quantity: number;
  canDecrease: boolean;
  canIncrease: boolean;
  onChange: (quantity: number) => void;
};

function QuantityStepper({ name, quantity, canDecrease, canIncrease, onChange }: QuantityStepperProps) {
  return (
    <div className="cart-stepper" role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`Decrease quantity of ${name}`}
        aria-disabled={!canDecrease || undefined}
        onClick={() => canDecrease && onChange(quantity - 1)}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span className="cart-stepper__value">{quantity}</span>
      <button
        type="button"
        className="cart-stepper__button"
        aria-label={`Increase quantity of ${name}`}
        aria-disabled={!canIncrease || undefined}
        onClick={() => canIncrease && onChange(quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}

function DiscountCodes({ cart, codes }: { cart: UseCart; codes: CartView['discountCodes'] }) {
  const inputId = useId();
  const [code, setCode] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (cart.busy || !code.trim()) return;
    if (await cart.applyCode(code)) setCode('');
  }

  return (
    <div className="cart-drawer__section cart-discounts">
      <form className="cart-discounts__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={inputId} className="ui-field__label cart-discounts__label">
          Discount code
        </label>
        <div className="cart-discounts__row">
          <input
            id={inputId}
            className="ui-field__control cart-discounts__input"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
          />
          <Button type="submit" variant="secondary" size="small" aria-disabled={cart.busy || undefined}>
            Apply
          </Button>
        </div>
      </form>
      {codes.length > 0 ? (
        <ul className="cart-codes" aria-label="Discount codes">
          {codes.map((entry) => (
            <li
              key={entry.code}
              className={`cart-code ${entry.applicable ? 'cart-code--applied' : 'cart-code--inapplicable'}`}
            >
              <span className="cart-code__name">{entry.code}</span>
              <span className="cart-code__state">{entry.applicable ? 'applied' : 'not applicable'}</span>
              <button
                type="button"
                className="cart-code__remove"
                aria-label={`Remove code ${entry.code}`}
                aria-disabled={cart.busy || undefined}
                onClick={() => !cart.busy && void cart.removeCode(entry.code)}
              >
                Remove
              </button>
              {entry.applicable ? null : <p className="cart-code__reason">{cart.reasonFor(entry.code)}</p>}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const costOf = (option: DeliveryOption) =>
  moneyValue(option.estimatedCost) === 0 ? 'Free' : formatMoney(option.estimatedCost);

function Delivery({ cart, view }: { cart: UseCart; view: CartView }) {
  const name = useId();
  const group = view.deliveryGroups[0];
  if (!group || group.options.length === 0) {
    return (
      <div className="cart-drawer__section">
        <p className="cart-drawer__note">Delivery is calculated at checkout.</p>
      </div>
    );
  }
  const pending = cart.deliveryPending;
  return (
    <fieldset className="cart-drawer__section cart-delivery" aria-busy={pending || undefined}>
      <legend className="cart-delivery__legend">Delivery</legend>
      {group.options.map((option) => (
        <label key={option.handle} className="cart-delivery__option">
          <input
            type="radio"
            name={name}
            value={option.handle}
            checked={group.selectedHandle === option.handle}
            aria-disabled={pending || undefined}
            onChange={() => !pending && void cart.selectDelivery(group, option)}
          />
          <span className="cart-delivery__title">
            {option.title ?? option.handle}
            {option.description ? (
              <span className="cart-delivery__description">{option.description}</span>
            ) : null}
          </span>
          <span className="cart-delivery__cost">{costOf(option)}</span>
        </label>
      ))}
    </fieldset>
  );
}

function Totals({ view, settling }: { view: CartView; settling: boolean }) {
  const group = view.deliveryGroups[0];
  const selected = group?.options.find((option) => option.handle === group.selectedHandle);
  return (
    <dl className="cart-totals" aria-busy={settling || undefined}>
      <div className="cart-totals__row">
        <dt>Subtotal</dt>
        <dd>{formatMoney(view.cost.subtotal)}</dd>
      </div>
      {view.discountAllocations.map((allocation, i) => (
        <div key={i} className="cart-totals__row cart-totals__row--discount">
          <dt>Discount{allocation.code ? ` (${allocation.code})` : ''}</dt>
          <dd>−{formatMoney(allocation.amount)}</dd>
        </div>
      ))}
      <div className="cart-totals__row">
        <dt>Delivery</dt>
        <dd>{selected ? costOf(selected) : group ? 'Choose an option' : 'Calculated at checkout'}</dd>
      </div>
      {view.cost.tax ? (
        <div className="cart-totals__row">
          <dt>Tax</dt>
          <dd>{formatMoney(view.cost.tax)}</dd>
        </div>
      ) : null}
      <div className="cart-totals__row cart-totals__row--total">
        <dt>Total</dt>
        <dd>{formatMoney(view.cost.total)}</dd>
      </div>
    </dl>
  );
}
