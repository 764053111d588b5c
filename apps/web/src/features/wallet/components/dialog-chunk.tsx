import {
  Component,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { lazyPart } from '@/components/lazy/lazy-part';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import frame from './wallet-dialog.module.css';

interface DialogProps {
  onClose: () => void;
}

/**
 * A wallet dialog whose code is a chunk of its own (Send, Receive), fetched on intent
 * (`wallet-screen.tsx`). Between the press and the chunk's arrival its frame shows at once, with
 * its title and a busy body, so a press on a slow phone is answered as a wallet's is (MetaMask
 * opens its sheet, then fills it). A chunk that fails to load shows a message and a retry in that
 * frame, not the route's error boundary: the wallet screen behind it stays. The retry mounts the
 * part anew, which imports again (`lazyPart` forgets a failed load; a `React.lazy` would stay
 * rejected).
 */
export function dialogChunk<P extends DialogProps>(
  title: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Part = lazyPart(load);
  function DialogChunk(props: P) {
    const [attempt, setAttempt] = useState(0);
    return (
      <ChunkBoundary
        key={attempt}
        failed={
          <FailedFrame
            title={title}
            onClose={props.onClose}
            onRetry={() => setAttempt((value) => value + 1)}
          />
        }
      >
        <Part {...props} fallback={<LoadingFrame title={title} onClose={props.onClose} />} />
      </ChunkBoundary>
    );
  }
  return DialogChunk;
}

/** Catches the part's failed load (lazyPart throws it in render). */
class ChunkBoundary extends Component<
  { failed: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.failed : this.props.children;
  }
}

function Frame({
  title,
  onClose,
  initialFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      className={frame.dialog}
      initialFocus={initialFocus}
    >
      <h2 id={titleId} className={`dialog__title ${frame.title}`}>
        {title}
      </h2>
      {children}
    </Dialog>
  );
}

function LoadingFrame({ title, onClose }: { title: string; onClose: () => void }) {
  return (
    <Frame title={title} onClose={onClose}>
      {/* No aria-busy here: on a live region it keeps "Loading…" from being announced. */}
      <div className={frame.loading} role="status">
        <Spinner size={28} />
        <span>Loading…</span>
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Frame>
  );
}

function FailedFrame({
  title,
  onClose,
  onRetry,
}: {
  title: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const retry = useRef<HTMLButtonElement>(null);
  return (
    <Frame title={title} onClose={onClose} initialFocus={retry}>
      <p className="list-error" role="alert">
        {title} could not be loaded. Check your connection and try again.
      </p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        {/* The house Button takes no ref: focus goes here, to the way on. */}
        <button ref={retry} type="button" className="btn btn--primary" onClick={onRetry}>
          <span>Try again</span>
        </button>
      </div>
    </Frame>
  );
}
