/**
 * Devices as their browsers announce themselves (current versions, as sent
 * in 2025), and the store `/get` must send each to: the App Store, Google
 * Play, or none (the page). Shared by the unit tests of the rule and the
 * tests over HTTP and in Chromium.
 */
export const USER_AGENTS = {
  iPhoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  iPhoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/137.0.7151.79 Mobile/15E148 Safari/604.1",
  iPadMobileMode:
    "Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
  iPadDesktopMode:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
  androidChrome:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36",
  androidSamsung:
    "Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36",
  androidFirefox: "Mozilla/5.0 (Android 15; Mobile; rv:139.0) Gecko/139.0 Firefox/139.0",
  androidTablet:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36 Edg/137.0.0.0",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:139.0) Gecko/20100101 Firefox/139.0",
  chromebook:
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36",
  windowsPhone:
    "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
} as const

/** Each device class with the store `/get` sends it to (null: the page). */
export const DEVICES = [
  { name: "an iPhone in Safari", store: "apple", userAgent: USER_AGENTS.iPhoneSafari },
  { name: "an iPhone in Chrome", store: "apple", userAgent: USER_AGENTS.iPhoneChrome },
  { name: "an iPad in mobile mode", store: "apple", userAgent: USER_AGENTS.iPadMobileMode },
  { name: "an iPad in desktop mode (a Mac's User-Agent)", store: null, userAgent: USER_AGENTS.iPadDesktopMode },
  { name: "an Android phone in Chrome", store: "google", userAgent: USER_AGENTS.androidChrome },
  { name: "an Android phone in Samsung Internet", store: "google", userAgent: USER_AGENTS.androidSamsung },
  { name: "an Android phone in Firefox", store: "google", userAgent: USER_AGENTS.androidFirefox },
  { name: "an Android tablet in Chrome", store: "google", userAgent: USER_AGENTS.androidTablet },
  { name: "Chrome on Windows", store: null, userAgent: USER_AGENTS.windowsChrome },
  { name: "Edge on Windows", store: null, userAgent: USER_AGENTS.windowsEdge },
  { name: "Firefox on Linux", store: null, userAgent: USER_AGENTS.linuxFirefox },
  { name: "Chrome on a Chromebook", store: null, userAgent: USER_AGENTS.chromebook },
  {
    name: "a Windows Phone, which names both Android and the iPhone",
    store: null,
    userAgent: USER_AGENTS.windowsPhone,
  },
] as const

/** Crawlers that announce a phone: they must get the page, never a redirect. */
export const CRAWLERS = [
  {
    name: "Googlebot Smartphone",
    userAgent:
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.7151.119 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  },
  {
    name: "Bingbot's mobile crawler",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 7_0 like Mac OS X) AppleWebKit/537.51.1 (KHTML, like Gecko) Version/7.0 Mobile/11A465 Safari/9537.53 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  },
] as const

/** A desktop browser's User-Agent (Chromium's own headless one names itself a bot), an iPhone's and an Android phone's. */
export const DESKTOP_CHROME = USER_AGENTS.windowsChrome
export const IPHONE = USER_AGENTS.iPhoneSafari
export const ANDROID_PHONE = USER_AGENTS.androidChrome
