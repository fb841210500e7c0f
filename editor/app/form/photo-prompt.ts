/**
 * After a photo is uploaded, its description is asked for: the description's field shows a prompt
 * ("Describe the new photo…", with the old description, which was of the old photo) and takes the
 * focus. The prompt stays until the editor writes a description or uploads again.
 */
import { createContext, useContext, useSyncExternalStore } from 'react';

export interface PhotoPrompt {
  /** The new photo's file name, as the site keeps it ("etabs-class.jpg"). */
  photo: string;
  /** The description there was, of the old photo (cleared from the field), or none. */
  old: string | undefined;
  /** Counts up with each prompt, so that a second upload focuses the field again. */
  id: number;
}

export class PhotoPrompts {
  private prompts = new Map<string, PhotoPrompt>();
  /** The photo last uploaded for each picture (by the picture's path): said beside it, even once its field is drawn anew. */
  private uploads = new Map<string, string>();
  private listeners = new Set<() => void>();
  private made = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The prompt for the description at `path` (formatted, e.g. `sections[0].image.alt`). */
  at(path: string): PhotoPrompt | undefined {
    return this.prompts.get(path);
  }

  uploadedAt(imagePath: string): string | undefined {
    return this.uploads.get(imagePath);
  }

  uploaded(imagePath: string, photo: string): void {
    this.uploads.set(imagePath, photo);
    this.changed();
  }

  ask(path: string, photo: string, old: string | undefined): void {
    this.made += 1;
    this.prompts.set(path, { photo, old, id: this.made });
    this.changed();
  }

  answered(path: string): void {
    if (this.prompts.delete(path)) this.changed();
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export const PhotoPromptsContext = createContext<PhotoPrompts>(new PhotoPrompts());

export function usePhotoPrompts(): PhotoPrompts {
  return useContext(PhotoPromptsContext);
}

export function usePhotoPrompt(path: string): PhotoPrompt | undefined {
  const prompts = usePhotoPrompts();
  return useSyncExternalStore(prompts.subscribe, () => prompts.at(path));
}

export function useUploadedPhoto(imagePath: string): string | undefined {
  const prompts = usePhotoPrompts();
  return useSyncExternalStore(prompts.subscribe, () => prompts.uploadedAt(imagePath));
}

/** `/images/uploads/etabs-class-2.jpg` → `etabs-class-2.jpg`. */
export function fileNameOf(sitePath: string): string {
  return sitePath.slice(sitePath.lastIndexOf('/') + 1);
}
