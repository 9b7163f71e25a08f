import { describe, expect, it, vi } from 'vitest';
import { keepInsidePoppers } from './keep-inside-poppers';

function outsideEventOn(target: Element) {
  const event = new CustomEvent('dismissableLayer.pointerDownOutside', { cancelable: true });
  target.dispatchEvent(event);
  return event;
}

describe('keepInsidePoppers', () => {
  it("keeps the dialog open for a tap on a popper's content, and calls the caller's handler", () => {
    const wrapper = document.createElement('div');
    wrapper.setAttribute('data-radix-popper-content-wrapper', '');
    const option = document.createElement('div');
    wrapper.append(option);
    document.body.append(wrapper);
    const handler = vi.fn();
    const event = outsideEventOn(option);
    keepInsidePoppers(handler)(event);
    expect(event.defaultPrevented).toBe(true);
    expect(handler).toHaveBeenCalledWith(event);
    wrapper.remove();
  });

  it('lets a tap elsewhere close it', () => {
    const elsewhere = document.createElement('button');
    document.body.append(elsewhere);
    const event = outsideEventOn(elsewhere);
    keepInsidePoppers()(event);
    expect(event.defaultPrevented).toBe(false);
    elsewhere.remove();
  });
});
