import type { Platform, Store } from "../visits/store-clicks"

/**
 * What a User-Agent says the device is. An iPhone, an iPad (in its mobile
 * mode) or an iPod touch names itself; an Android phone or tablet says
 * "Android". Anything else is a desktop, and so is an iPad in desktop
 * mode, whose Safari sends a Mac's User-Agent. Windows Phone, which named
 * both Android and the iPhone, is neither. The User-Agent is cut to its
 * first 512 characters before it is read.
 */
export function platformOf(userAgent: string): Platform {
  const read = userAgent.slice(0, 512)
  if (read.includes("Windows Phone")) return "desktop"
  if (/\b(?:iPhone|iPad|iPod)\b/.test(read)) return "ios"
  if (/\bAndroid\b/.test(read)) return "android"
  return "desktop"
}

/** The store each platform installs from: none for a desktop. */
export const STORE_OF: Record<Platform, Store | null> = { ios: "apple", android: "google", desktop: null }
