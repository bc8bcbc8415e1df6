import type { Activators, KeyboardCoordinateGetter, SensorInstance, SensorProps, Translate } from "@dnd-kit/core";
import type { KeyboardEvent as ReactKeyboardEvent } from "react";
import { KEYBOARD_DRAG_STEP_PX } from "../../../contracts/product.ts";

type Coordinates = Translate;

/**
 * dnd-kit's KeyboardSensor, minus its page scrolling. That sensor scrolls the window instead of
 * moving the clip once the clip passes the middle of the viewport, and measures the scroll on the
 * next frame, so key presses in quick succession land in different places each time. Here every
 * arrow press moves the clip exactly 25 px (one step, the same on every list); nothing scrolls during the move, and
 * the list brings the clip back into view when it is dropped.
 *
 * Space or Enter on the handle picks the clip up; arrows move it; Space, Enter (or Tab) drop it;
 * Escape puts it back. Window resize and hiding the tab cancel, as in dnd-kit's sensor.
 */
export interface StepKeyboardSensorOptions {
  coordinateGetter?: KeyboardCoordinateGetter;
}

const START = ["Space", "Enter"];
const END = ["Space", "Enter", "Tab"];
const CANCEL = ["Escape"];

/** The coordinates one arrow press away (undefined for any other key). */
export function stepFrom(code: string, at: Coordinates, step = KEYBOARD_DRAG_STEP_PX): Coordinates | undefined {
  switch (code) {
    case "ArrowDown":
      return { ...at, y: at.y + step };
    case "ArrowUp":
      return { ...at, y: at.y - step };
    case "ArrowRight":
      return { ...at, x: at.x + step };
    case "ArrowLeft":
      return { ...at, x: at.x - step };
    default:
      return undefined;
  }
}

/** Arrow keys move the picked-up clip 25 px a press. */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) =>
  stepFrom(event.code, currentCoordinates);

export class StepKeyboardSensor implements SensorInstance {
  autoScrollEnabled = false;
  private offset: Coordinates = { x: 0, y: 0 };
  private readonly document: Document;
  private readonly window: Window;

  constructor(private readonly props: SensorProps<StepKeyboardSensorOptions>) {
    const target = props.event.target;
    this.document = target instanceof Node && target.ownerDocument ? target.ownerDocument : document;
    this.window = this.document.defaultView ?? window;
    this.onKeyDown = this.onKeyDown.bind(this);
    this.cancel = this.cancel.bind(this);
    props.activeNode.node.current?.scrollIntoView?.({ block: "nearest" });
    props.onStart({ x: 0, y: 0 });
    this.document.addEventListener("keydown", this.onKeyDown);
    this.document.addEventListener("visibilitychange", this.cancel);
    this.window.addEventListener("resize", this.cancel);
  }

  private onKeyDown(event: KeyboardEvent) {
    // The key press that picked the clip up is still on its way to the document: it must not drop it.
    if (event === this.props.event) return;
    if (END.includes(event.code)) {
      event.preventDefault();
      this.detach();
      this.props.onEnd();
      return;
    }
    if (CANCEL.includes(event.code)) {
      this.cancel(event);
      return;
    }
    const getter = this.props.options.coordinateGetter ?? keyboardCoordinates;
    const next = getter(event, {
      active: this.props.active,
      context: this.props.context.current,
      currentCoordinates: this.offset,
    });
    if (!next) return;
    event.preventDefault();
    this.offset = next;
    this.props.onMove(next);
  }

  private cancel(event?: Event) {
    event?.preventDefault();
    this.detach();
    this.props.onCancel();
  }

  private detach() {
    this.document.removeEventListener("keydown", this.onKeyDown);
    this.document.removeEventListener("visibilitychange", this.cancel);
    this.window.removeEventListener("resize", this.cancel);
  }

  static activators: Activators<StepKeyboardSensorOptions> = [
    {
      eventName: "onKeyDown",
      handler: (event: ReactKeyboardEvent, _options, { active }) => {
        if (!START.includes(event.nativeEvent.code)) return false;
        const activator = active.activatorNode.current;
        if (activator && event.target !== activator) return false;
        event.preventDefault();
        return true;
      },
    },
  ];
}
