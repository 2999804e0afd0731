import { contactForm } from "./support/contact-form"
import { expect, test } from "./support/test"

test.describe("the contact page", () => {
  test("has the title 'Contact us', Name, Email, a multi-line Message and 'Send'", async ({ page }) => {
    await page.goto("/contact")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us")
    const form = contactForm(page)
    await expect(form.name).toBeVisible()
    await expect(form.email).toBeVisible()
    await expect(form.message).toBeVisible()
    await expect(form.send).toBeVisible()
    await expect(form.form.getByRole("textbox")).toHaveCount(3)
    await form.message.fill("line one\nline two")
    await expect(form.message).toHaveValue("line one\nline two")
  })

  test("the Message box is at least 150 px high and can be resized vertically", async ({ page }) => {
    await page.goto("/contact")
    const { message } = contactForm(page)
    const box = await message.boundingBox()
    if (!box) throw new Error("the Message box has no box")
    expect(box.height).toBeGreaterThanOrEqual(150)
    expect(await message.evaluate((element) => getComputedStyle(element).resize)).toBe("vertical")

    // Drag the resize grip in the bottom right corner down and to the right: only the height changes.
    await page.mouse.move(box.x + box.width - 3, box.y + box.height - 3)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width + 60, box.y + box.height + 80, { steps: 5 })
    await page.mouse.up()
    const resized = await message.boundingBox()
    expect(resized?.height).toBeGreaterThan(box.height + 40)
    expect(resized?.width).toBe(box.width)
  })
})

test("the contact page shows no JavaScript notice where scripts run", async ({ page }) => {
  await page.goto("/contact")
  await expect(contactForm(page).send).toBeEnabled()
  await expect(page.getByText("Sending this form needs JavaScript")).toBeHidden()
})
