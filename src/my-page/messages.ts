export const myPageMessages = {
  bookNewAppointment: /*i18n*/ { id: "myPage.bookNew", message: "Book new appointment" },
};
