package turnsheet
